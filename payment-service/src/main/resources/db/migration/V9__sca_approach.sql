-- The SCA approach of each authorisation (xs2a-platform's ScaAuthorisation maps it for every service): every
-- payment and cancellation authorisation so far is a redirect; payment-service offers no other yet.
alter table payment_authorisation add column sca_approach varchar(10) not null default 'REDIRECT';
