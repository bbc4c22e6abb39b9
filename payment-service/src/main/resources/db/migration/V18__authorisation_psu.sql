-- The PSU-ID an authorisation was started with explicitly (POST …/authorisations), if any: multilevel SCA, where each
-- signatory starts their own authorisation and the payment's PSU-ID names only the first.
alter table payment_authorisation add column psu_id varchar(50);
