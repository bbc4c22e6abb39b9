-- payment-service schema. The request_replay table comes from shared-security (db/security).

-- Payment ids are integers (the interface's payment_id); ownership, not secrecy of the id, protects a payment.
create sequence payment_id_seq start with 1 increment by 1;

create table payment (
    id                     bigint        primary key,
    provider_code          varchar(64)   not null,
    tpp_id                 varchar(140)  not null,
    tpp_name               varchar(255),
    payment_product        varchar(64)   not null,
    transaction_status     varchar(4)    not null,
    status_reason          varchar(35),
    funds_available        boolean,
    initiation             text          not null,
    psu_id                 varchar(50),
    psu_ip_address         varchar(140)  not null,
    redirect_uri           varchar(500),
    nok_redirect_uri       varchar(500),
    explicit_authorisation boolean       not null,
    callback_state         varchar(64)   not null,
    bank_payment_id        varchar(100),
    bank_sca_url           varchar(1000),
    submit_attempts        integer       not null default 0,
    next_submit_at         timestamptz,
    last_submit_error      varchar(500),
    created_at             timestamptz   not null,
    updated_at             timestamptz   not null,
    status_checked_at      timestamptz
);

-- The submission retry job: payments the bank has not acknowledged yet.
create index payment_awaiting_submission on payment (next_submit_at)
    where bank_payment_id is null and transaction_status = 'RCVD';
-- The status polling job: payments the bank still works on.
create index payment_open on payment (status_checked_at)
    where bank_payment_id is not null and transaction_status in ('RCVD', 'ACTC', 'ACSP');

create table payment_authorisation (
    id                        varchar(36)   primary key,
    payment_id                bigint        not null references payment (id),
    kind                      varchar(16)   not null,
    sca_status                varchar(20)   not null,
    redirect_token_hash       varchar(64)   not null,
    redirect_token_expires_at timestamptz   not null,
    redirect_token_used_at    timestamptz,
    callback_state            varchar(64),
    bank_sca_url              varchar(1000),
    redirect_uri              varchar(500),
    nok_redirect_uri          varchar(500),
    created_at                timestamptz   not null,
    updated_at                timestamptz   not null
);
create index payment_authorisation_payment on payment_authorisation (payment_id, kind);
create unique index payment_authorisation_callback on payment_authorisation (callback_state);
