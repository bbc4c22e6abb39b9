-- Standing orders (periodic payments, BANK-API.md "Standing orders"): the terms, and the next occurrence the bank
-- executes (its index and day) with the count of those executed. All null (executions 0) for a single payment.
alter table payment
    add column start_date date,
    add column end_date date,
    add column execution_rule varchar(9),
    add column frequency varchar(15),
    add column day_of_execution integer,
    add column months_of_execution varchar(40),
    add column next_occurrence integer,
    add column next_execution_date date,
    add column executions integer not null default 0;
create index payment_standing_order_due on payment (next_execution_date) where frequency is not null;
