-- The brand under which the TPP meets the PSU (TPP-Brand-Logging-Information), sent to the bank with the payment.
alter table payment add column tpp_brand varchar(140);
