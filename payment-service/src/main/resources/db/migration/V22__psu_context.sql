-- What the TPP forwarded of the PSU's request with the initiation (PSU-IP-Address, PSU-User-Agent, PSU-Device-ID,
-- PSU-Geo-Location, …), sent to the bank with the payment; null for payments initiated before it was kept.
alter table payment add column psu_context jsonb;
