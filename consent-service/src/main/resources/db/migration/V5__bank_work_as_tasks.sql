-- Forwarding consents to the bank and telling it of deletions run on the task runtime (V3, table task) instead of
-- the consent's own queue columns: the work pending now becomes tasks, and the columns go. bank_delete_pending stays:
-- it says that the bank has yet to hear that the consent ended.

-- consents the bank has not registered yet, with the attempts and the schedule they had
insert into task (type, subject, target, state, attempts, next_attempt_at, created_at, updated_at)
select 'consent-forward', id, provider_code, 'queued', forward_attempts, coalesce(next_bank_attempt_at, now()),
       created_at, now()
  from consent where status = 'accepted';

-- deletions the bank has not heard of; the give-up age still counts from when the bank was first due to hear
insert into task (type, subject, target, state, attempts, next_attempt_at, created_at, updated_at)
select 'consent-bank-delete', id, provider_code, 'queued', bank_delete_attempts, coalesce(next_bank_attempt_at, now()),
       coalesce(bank_delete_since, updated_at), now()
  from consent where bank_delete_pending;

-- deletions given up, kept for operators as given-up tasks
insert into task (type, subject, target, state, attempts, next_attempt_at, created_at, updated_at, last_error,
                  given_up_reason)
select 'consent-bank-delete', id, provider_code, 'given_up', bank_delete_attempts, bank_delete_given_up_at,
       coalesce(bank_delete_since, bank_delete_given_up_at), bank_delete_given_up_at, bank_delete_failure,
       coalesce(bank_delete_failure, 'given up')
  from consent where bank_delete_given_up_at is not null and not bank_delete_pending;

drop index consent_bank_delete_given_up;
alter table consent
    drop constraint consent_bank_delete_since,
    drop column forward_attempts,
    drop column next_bank_attempt_at,
    drop column bank_delete_since,
    drop column bank_delete_attempts,
    drop column bank_delete_given_up_at,
    drop column bank_delete_failure;
