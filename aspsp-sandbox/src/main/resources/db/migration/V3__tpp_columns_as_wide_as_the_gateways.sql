-- The gateway accepts a TPP id (the certificate's organizationIdentifier) of up to 140 characters and a TPP name of
-- up to 255 (their columns in consent-service and payment-service). The bank stores both with each consent and
-- payment, so its columns take the same; narrower, a long id or name was a database error here.
alter table consent alter column tpp_id type varchar(140);
alter table consent alter column tpp_name type varchar(255);
alter table payment alter column tpp_id type varchar(140);
alter table payment alter column tpp_name type varchar(255);
