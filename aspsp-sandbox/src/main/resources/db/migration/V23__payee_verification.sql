-- Verification of Payee (BANK-API.md "Verification of Payee"): the result of comparing a SEPA payment's creditor name
-- with the holder of the creditor IBAN when it was submitted (MTCH, CMTC, NMTC, NOAP; null for other products), and
-- the holder's name for a close match.
alter table payment add column payee_verification varchar(4);
alter table payment add column payee_matched_name varchar(140);
