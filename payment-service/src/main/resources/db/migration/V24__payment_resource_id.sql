-- The id a TPP knows a payment by (paymentId, the last segment of its paths): random for new payments, since the
-- sequence behind id told every TPP how many payments the gateway had taken. A payment taken before keeps its number.
alter table payment add column resource_id varchar(64);
update payment set resource_id = id::text;
alter table payment alter column resource_id set not null;
alter table payment add constraint payment_resource_id_key unique (resource_id);
