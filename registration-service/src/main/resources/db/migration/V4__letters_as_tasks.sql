-- The letter outbox is sent by the task runtime (V3, table task) instead of its own queue columns: letters not sent
-- yet become tasks, with the attempts, schedule and last error they had; letters that failed for good keep their
-- record as given-up tasks; the columns go.
insert into task (type, subject, state, attempts, next_attempt_at, created_at, updated_at, last_error)
select 'registration-letter', id::text, 'queued', attempts, next_attempt_at, created_at, now(), last_error
  from letter_outbox where status = 'PENDING';

insert into task (type, subject, state, attempts, next_attempt_at, created_at, updated_at, last_error, given_up_reason)
select 'registration-letter', id::text, 'given_up', attempts, next_attempt_at, created_at, now(), last_error,
       coalesce(last_error, 'given up')
  from letter_outbox where status = 'FAILED';

drop index letter_outbox_due;
alter table letter_outbox
    drop column attempts,
    drop column next_attempt_at,
    drop column last_error;
