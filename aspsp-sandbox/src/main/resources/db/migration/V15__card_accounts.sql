-- Card accounts (Berlin Group /v1/card-accounts): an account of the PSU named by its masked card number, with a
-- credit limit and no IBAN or BBAN. It shares the account table (consents grant it as any account) and is told
-- apart by masked_pan; the bank API lists it under /card-accounts only (BANK-API.md "Card accounts").
alter table account alter column iban drop not null;
alter table account alter column bban drop not null;
alter table account add column masked_pan varchar(35);
alter table account add column credit_limit numeric(18,2);
alter table account add constraint account_payment_or_card
    check ((masked_pan is null and iban is not null and bban is not null) or (masked_pan is not null and iban is null));

-- Whether a balance counts the account's credit limit in (Berlin Group creditLimitIncluded); null: not said.
alter table balance add column credit_limit_included boolean;

-- A card transaction's own fields (Berlin Group cardTransaction); null on every other transaction.
alter table bank_transaction add column transaction_date date;
alter table bank_transaction add column card_acceptor_id varchar(35);
alter table bank_transaction add column card_acceptor_town varchar(35);
alter table bank_transaction add column card_acceptor_country varchar(2);
alter table bank_transaction add column merchant_category_code varchar(4);
alter table bank_transaction add column masked_pan varchar(35);
alter table bank_transaction add column invoiced boolean;
