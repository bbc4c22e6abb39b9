-- Bulk payments (README "Bulk payments"): payment_service is the Berlin Group payment service of the resource's path
-- ('payments' or 'bulk-payments'); a bulk's initiation holds its entries ({@code BulkOrder}), and bulk_entries the
-- bank's last report of each entry, in order (JSON: transactionStatus, statusReason, payeeVerification).
alter table payment add column payment_service varchar(20) not null default 'payments';
alter table payment add column bulk_entries text;
