-- Cross-border credit transfers (BANK-API.md "Payments"): the creditor's bank by BIC, and what the debtor account is
-- debited in its own currency (the amount, or a foreign amount converted at sandbox.fx-rates), set when executed.
alter table payment add column creditor_agent varchar(11);
alter table payment add column debit_amount numeric(18, 2);
