-- A deletion the bank never takes (it keeps refusing it, or stays unreachable) is retried with backoff for at most
-- consent.bank-delete-give-up-after, then given up: bank_delete_pending is cleared and the row keeps when and why, so
-- an operator finds every such consent with one query (README "Deletions the bank never took"):
--   select id, provider_code, bank_consent_id, bank_delete_given_up_at, bank_delete_failure
--     from consent where bank_delete_given_up_at is not null order by bank_delete_given_up_at;
alter table consent
    add column bank_delete_since       timestamptz,            -- when the bank was first due to hear of the deletion
    add column bank_delete_attempts    integer not null default 0,  -- attempts so far (backoff), reset when due anew
    add column bank_delete_given_up_at timestamptz,            -- no more attempts since then
    add column bank_delete_failure     varchar(200);           -- the bank's last answer (or why it was unreachable)

-- deletions pending before this migration count from the consent's last change (its termination or rejection)
update consent set bank_delete_since = updated_at where bank_delete_pending;

alter table consent add constraint consent_bank_delete_since
    check (not bank_delete_pending or bank_delete_since is not null);

create index consent_bank_delete_given_up on consent (bank_delete_given_up_at) where bank_delete_given_up_at is not null;
