-- Multilevel SCA: PATC (some, not all, of the debtor account's signatures given) is unauthorised like RCVD: the status
-- polling follows it while it changes, and the authorisation deadline rejects it.
drop index payment_open;
create index payment_open on payment (bank_heard_at)
    where bank_payment_id is not null and transaction_status in ('RCVD', 'PATC', 'ACTC', 'ACSP', 'ACSC');
drop index payment_unauthorised;
create index payment_unauthorised on payment (created_at) where transaction_status in ('RCVD', 'PATC');
