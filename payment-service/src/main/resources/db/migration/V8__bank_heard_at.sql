-- When the gateway last heard from the bank about a payment: every answer of the bank about it (its submission, a
-- status check, a TPP's read, the PSU's return) and every status event the bank sends (POST /internal/v1/bank-events)
-- sets it, whether the status changed or not. The status polling job asks the bank only about payments not heard of
-- for payment.jobs.stale-after, so a bank that sends events is rarely polled. The column was status_checked_at, set by
-- the same answers; the rename says what it now also counts.
alter table payment rename column status_checked_at to bank_heard_at;

-- A status event names the payment by the bank's id (PaymentRepository.byBankPaymentId).
create index payment_bank_id on payment (bank_payment_id) where bank_payment_id is not null;
