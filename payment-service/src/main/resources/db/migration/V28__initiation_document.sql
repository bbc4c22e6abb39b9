-- The pain.001 document of a pain.001 payment as the TPP sent it, answered by the read in XML. Its own table: the
-- payment row is read at every status check, the document only when a TPP asks for it.
create table payment_document (
    payment_id bigint primary key references payment (id) on delete cascade,
    document bytea not null
);
