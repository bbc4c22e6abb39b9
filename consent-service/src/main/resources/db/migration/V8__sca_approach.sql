-- The SCA approach of each authorisation (docs/ARCHITECTURE.md "SCA approaches"): REDIRECT, EMBEDDED or DECOUPLED.
-- Every authorisation so far was a redirect.
alter table consent_authorisation add column sca_approach varchar(10) not null default 'REDIRECT';
