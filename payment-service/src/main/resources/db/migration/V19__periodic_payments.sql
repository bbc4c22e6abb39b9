-- Berlin Group periodic payments (issue 52): a standing order's terms; null for a single payment.
alter table payment add column standing_order jsonb;
