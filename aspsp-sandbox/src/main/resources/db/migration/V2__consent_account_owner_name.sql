-- The owner name of an account is delivered only with an explicit consent to it (Berlin Group NextGenPSD2 1.3.6:
-- allAccountsWithOwnerName, or access.additionalInformation.ownerName). Grants recorded before this never had it.
alter table consent_account add column owner_name boolean not null default false;
