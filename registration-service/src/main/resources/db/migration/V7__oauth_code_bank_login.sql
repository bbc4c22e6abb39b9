-- The OAuth SCA approach (docs/ARCHITECTURE.md "OAuth SCA approach"): a code whose scope names a consent or payment
-- (AIS:<consentId>, PIS:<paymentId>) keeps the bank's login it came from, so that its exchange can ask the bank to
-- finalise the PSU's approval of that consent or payment.
alter table oauth_code add column bank_login_id varchar(100);
