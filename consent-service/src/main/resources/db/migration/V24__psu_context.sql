-- What the TPP forwarded of the PSU's request at a consent's or a signing basket's creation (PSU-IP-Address,
-- PSU-User-Agent, PSU-Device-ID, PSU-Geo-Location, …), sent to the bank with its registration; null before it was kept.
alter table consent add column psu_context jsonb;
alter table signing_basket add column psu_context jsonb;
