-- The status polling found its payments through payment_open, which held every executed payment (ACSC) for ever: a
-- bank that never reports ACCC leaves them ACSC, so each run read a year of them (a table scan at 2,000,000) to keep
-- the few executed within the settlement horizon. Executed payments now have an index of their own, by the instant
-- the horizon counts from, and the poll reads only the recent end of it.
drop index payment_open;
create index payment_open on payment (bank_heard_at)
    where bank_payment_id is not null and transaction_status in ('RCVD', 'PATC', 'ACTC', 'ACSP');
create index payment_settling on payment ((coalesce(executed_at, updated_at)))
    where bank_payment_id is not null and transaction_status = 'ACSC';
