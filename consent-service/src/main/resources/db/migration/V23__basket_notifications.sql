-- Notifications of a signing basket's changes (docs/ARCHITECTURE.md "Notifications"): what the TPP asked for at the
-- basket's creation, or later at an explicit start of its authorisation, as a consent's (V20).
alter table signing_basket add column notification_uri varchar(500);
alter table signing_basket add column notification_content varchar(40);

-- When the gateway last asked the bank about an open basket (BasketSyncTask): the bank sends no basket events, so a
-- basket authorised without the TPP reading it (decoupled: in the PSU's app) is noticed by polling, as a consent is.
alter table signing_basket add column bank_checked_at timestamptz;
create index signing_basket_open on signing_basket (created_at) where transaction_status = 'RCVD';
