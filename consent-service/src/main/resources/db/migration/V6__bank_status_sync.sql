-- The bank tells the gateway of a consent's status (POST /internal/v1/bank-events), and the gateway asks the bank of
-- consents it has not heard of for consent.bank-sync.stale-after (docs/ARCHITECTURE.md "Bank status events and
-- polling").
-- bank_checked_at: when the bank last answered about this consent or sent an event for it (the gateway's clock);
-- bank_event_at: occurredAt of the newest event applied (the bank's clock), against which an older event is stale.
alter table consent add column bank_checked_at timestamptz;
alter table consent add column bank_event_at timestamptz;
update consent set bank_checked_at = updated_at where bank_consent_id is not null;

-- events name the bank's id; the polling job reads the open consents by their last contact
create index consent_bank_consent_id on consent (bank_consent_id);
create index consent_bank_checked on consent (bank_checked_at) where status in ('received', 'partiallyAuthorised', 'valid');
