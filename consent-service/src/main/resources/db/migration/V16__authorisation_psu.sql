-- The PSU-ID an authorisation was started with explicitly (POST …/authorisations), if any: multilevel SCA, where each
-- signatory starts their own authorisation and the consent's PSU-ID names only the first.
alter table consent_authorisation add column psu_id varchar(50);
