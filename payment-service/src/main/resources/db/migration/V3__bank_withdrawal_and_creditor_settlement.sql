-- The bank's copy of a payment the TPP cancelled while the submission was on its way: it must be withdrawn, durably
-- (a crash between the bank's answer and the withdrawal loses nothing) and retried by the submission job.
-- bank_withdrawal: null (nothing to withdraw), PENDING, WITHDRAWN or ABANDONED (given up: an operator settles it).
alter table payment add column bank_withdrawal       varchar(16)
    check (bank_withdrawal in ('PENDING', 'WITHDRAWN', 'ABANDONED'));
alter table payment add column withdrawal_attempts   integer not null default 0;
alter table payment add column next_withdrawal_at    timestamptz;
alter table payment add column last_withdrawal_error varchar(500);
alter table payment add column withdrawal_ended_at   timestamptz;

-- The submission job: withdrawals due.
create index payment_awaiting_withdrawal on payment (next_withdrawal_at) where bank_withdrawal = 'PENDING';
-- The operators' query (README, "Withdrawals an operator must settle").
create index payment_withdrawal_abandoned on payment (withdrawal_ended_at) where bank_withdrawal = 'ABANDONED';

-- ACSC (settled on the debtor's account) is no longer final: the polling job follows it to ACCC (settled on the
-- creditor's account) within payment.status-polling.settlement-horizon.
drop index payment_open;
create index payment_open on payment (status_checked_at)
    where bank_payment_id is not null and transaction_status in ('RCVD', 'ACTC', 'ACSP', 'ACSC');
