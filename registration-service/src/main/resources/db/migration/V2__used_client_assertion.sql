-- The jti of every client assertion (RFC 7523, private_key_jwt) the open-banking certificate endpoint accepted, kept
-- until the assertion's exp: an assertion is good for one request. The primary key decides between two requests with
-- the same assertion, also on two replicas (INSERT ... ON CONFLICT DO NOTHING: the second inserts nothing).
-- client_id is not a foreign key: clients are never deleted, and the rows outlive nothing but their exp.
create table used_client_assertion (
    client_id  varchar(64)  not null,
    jti        varchar(255) not null,
    expires_at timestamptz  not null,
    constraint used_client_assertion_pkey primary key (client_id, jti)
);
-- the cleanup job deletes by expiry
create index used_client_assertion_expiry on used_client_assertion (expires_at);
