-- The OAuth SCA approach (BANK-API.md "OAuth logins"): a login whose scope names a consent or payment
-- (AIS:<key>, PIS:<key>, the gateway's idempotency key) is bound to the TPP that asked, so that only that TPP's
-- consent or payment is approved; 'redeemed' once the gateway exchanged its code and the approval was finalised.
alter table oauth_login add column tpp_id varchar(140);
