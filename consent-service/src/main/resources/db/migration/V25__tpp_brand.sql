-- The brand under which the TPP meets the PSU (TPP-Brand-Logging-Information) at an AIS consent's creation, sent to
-- the bank with its registration.
alter table consent add column tpp_brand varchar(140);
