-- The gateway registers a consent with its own consent id as idempotency key, so that a registration it repeats
-- (its first answer lost, e.g. the gateway died during the call) finds the consent already registered.
alter table consent add column idempotency_key varchar(100) unique;
