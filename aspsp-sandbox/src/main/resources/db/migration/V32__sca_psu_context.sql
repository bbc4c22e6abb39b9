-- The PSU's context the gateway sent with the newest SCA step through the API (a new SCA, the password, the method,
-- the OTP) of a consent, a payment (or its cancellation) or a signing basket (BANK-API.md "PSU context").
alter table consent add column sca_psu_context jsonb;
alter table payment add column sca_psu_context jsonb;
alter table signing_basket add column sca_psu_context jsonb;
