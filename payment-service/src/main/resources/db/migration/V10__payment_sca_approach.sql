-- The SCA approach of each payment, chosen at initiation (docs/ARCHITECTURE.md "SCA approaches"): whether its
-- submission asks the bank for a decoupled push, and which approach an explicitly started authorisation takes.
-- Every payment so far was authorised by redirect.
alter table payment add column sca_approach varchar(10) not null default 'REDIRECT';
