-- Whether a consent shows the account owner's name (Berlin Group ownerName: only with the PSU's explicit consent,
-- allAccountsWithOwnerName or additionalInformation.ownerName). Existing covers show none until their next fetch.
alter table consent_account add column owner_name boolean not null default false;
