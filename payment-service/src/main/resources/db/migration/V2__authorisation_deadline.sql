-- The authorisation deadline: payments still unauthorised (RCVD) are found by their age.
create index payment_unauthorised on payment (created_at) where transaction_status = 'RCVD';
