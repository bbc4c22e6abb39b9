-- A consent whose TPP starts its authorisation explicitly (TPP-Explicit-Authorisation-Preferred: true) is created with a
-- hidden authorisation that only holds its approach and the bank's return URL; the TPP's POST …/authorisations
-- creates the one it sees.
alter table consent_authorisation add column explicit_start_pending boolean not null default false;
