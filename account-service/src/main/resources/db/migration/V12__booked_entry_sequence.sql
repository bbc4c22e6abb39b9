-- Delta reports (entryReferenceFrom, deltaList): every booked entry gets a gateway-side number, strictly increasing
-- per account in the order entries were first stored as booked (or turned booked), shown to the TPP as its
-- entryReference. The bank's own entry reference stays in entry_reference, kept but not shown.
create sequence account_transaction_booked_seq;
alter table account_transaction add column booked_seq bigint unique;
-- entries stored before: numbered in the order they were stored
update account_transaction t set booked_seq = n.seq
  from (select id, nextval('account_transaction_booked_seq') as seq
          from (select id from account_transaction where booking_status = 'booked' order by id) o) n
 where t.id = n.id;
create index account_transaction_booked_seq_idx on account_transaction (account_id, booked_seq)
  where booked_seq is not null;
