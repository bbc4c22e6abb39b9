-- The brand under which the TPP meets the PSU (TPP-Brand-Logging-Information), shown on the bank's pages beside the
-- TPP's legal name (BANK-API.md "TPP brand"); null when the gateway sent none.
alter table consent add column tpp_brand varchar(140);
alter table payment add column tpp_brand varchar(140);
alter table signing_basket add column tpp_brand varchar(140);
