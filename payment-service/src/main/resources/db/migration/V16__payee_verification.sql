-- Verification of Payee (docs/ARCHITECTURE.md "Extensions to the standard"): the bank's result for a SEPA payment
-- (MTCH, CMTC, NMTC, NOAP), known once the bank has the payment, and the account holder's name for a close match.
alter table payment add column payee_verification varchar(4);
alter table payment add column payee_matched_name varchar(140);
