-- What the TPP forwarded of the PSU's request (PSU-IP-Address, PSU-User-Agent, PSU-Device-ID, PSU-Geo-Location, …)
-- with a consent, a payment or a signing basket, for the bank's fraud monitoring (BANK-API.md "PSU context").
alter table consent add column psu_context jsonb;
alter table payment add column psu_context jsonb;
alter table signing_basket add column psu_context jsonb;
