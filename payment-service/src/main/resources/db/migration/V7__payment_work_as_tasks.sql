-- The payment jobs' own queue (claims, leases and backoff in columns of payment) gives way to the task runtime
-- (V6__tasks.sql): submissions and withdrawals still to do become tasks here, in the same migration that drops their
-- columns, so that an upgrade loses nothing in flight. Status checks need no row: the status polling job finds the
-- payments due from their status, as before. Task types: payment-service/README.md "Background work".

-- Payments the bank has not acknowledged and that were due for a (re)submission; an explicit payment nobody has sent
-- to the bank yet (next_submit_at null) waits for the PSU's link, as before.
insert into task (type, subject, target, state, attempts, next_attempt_at, created_at, updated_at, last_error)
select 'payment-submission', id::text, provider_code, 'queued', submit_attempts, next_submit_at, now(), now(),
       last_submit_error
  from payment
 where bank_payment_id is null and transaction_status = 'RCVD' and next_submit_at is not null;

-- Bank copies still to be withdrawn.
insert into task (type, subject, target, state, attempts, next_attempt_at, created_at, updated_at, last_error)
select 'payment-withdrawal', id::text, provider_code, 'queued', withdrawal_attempts,
       coalesce(next_withdrawal_at, now()), now(), now(), last_withdrawal_error
  from payment
 where bank_withdrawal = 'PENDING';

-- Withdrawals given up before: their attempts and reason move to the task table too, where the operators' query
-- (README "Withdrawals an operator must settle") reads them now.
insert into task (type, subject, target, state, attempts, next_attempt_at, created_at, updated_at, last_error,
                  given_up_reason)
select 'payment-withdrawal', id::text, provider_code, 'given_up', withdrawal_attempts,
       coalesce(withdrawal_ended_at, updated_at), coalesce(withdrawal_ended_at, updated_at),
       coalesce(withdrawal_ended_at, updated_at), last_withdrawal_error,
       coalesce(last_withdrawal_error, 'given up before the task runtime')
  from payment
 where bank_withdrawal = 'ABANDONED';

drop index if exists payment_awaiting_submission;
drop index if exists payment_awaiting_withdrawal;
alter table payment drop column submit_attempts;
alter table payment drop column next_submit_at;
alter table payment drop column last_submit_error;
alter table payment drop column withdrawal_attempts;
alter table payment drop column next_withdrawal_at;
alter table payment drop column last_withdrawal_error;

-- A DELETE that asks the bank to cancel claims the payment for that one call (no row lock is held across it), so
-- that two DELETEs of one payment still reach the bank one after the other (PaymentService.cancel).
alter table payment add column cancellation_claim       uuid;
alter table payment add column cancellation_claim_until timestamptz;
