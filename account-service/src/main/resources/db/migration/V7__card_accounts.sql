-- Card accounts (Berlin Group /v1/card-accounts) are stored beside payment accounts: the same consent cover, the same
-- balances and transaction store, told apart by `card`. Their key is 'card:' + the bank's id (no IBAN to go by).
alter table bank_account add column card boolean not null default false;
alter table bank_account add column masked_pan varchar(35);
alter table bank_account add column credit_limit_amount varchar(40);
alter table bank_account add column credit_limit_currency varchar(3);

-- Berlin Group balance.creditLimitIncluded, as the bank said it (null: not said).
alter table account_balance add column credit_limit_included boolean;

-- A card transaction's own fields (Berlin Group cardTransaction); null on a payment account's transactions.
alter table account_transaction add column transaction_date date;
alter table account_transaction add column card_acceptor_id varchar(35);
alter table account_transaction add column card_acceptor_address jsonb;
alter table account_transaction add column merchant_category_code varchar(4);
alter table account_transaction add column masked_pan varchar(35);
alter table account_transaction add column invoiced boolean;

-- A refresh step asks the bank's /card-accounts paths for a card account.
alter table refresh_job_account add column card boolean not null default false;
