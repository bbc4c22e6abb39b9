-- Notifications of a signing basket's changes (docs/ARCHITECTURE.md "Notifications"): what the TPP asked for at the
-- basket's creation, or later at an explicit start of its authorisation, as a consent's (V20).
alter table signing_basket add column notification_uri varchar(500);
alter table signing_basket add column notification_content varchar(40);
