-- registration-service schema. The request_replay table comes from shared-security (db/security).

-- A TPP registered through the Berlin Group endpoint, identified by its certificate's organizationIdentifier.
create table tpp (
    id                   varchar(140) primary key,
    company_name         varchar(255) not null,
    company_email        varchar(254) not null,
    company_address      varchar(500),
    company_phone_number varchar(50),
    company_zip_code     varchar(20),
    company_city         varchar(100),
    representative_name  varchar(255) not null,
    representative_email varchar(254) not null,
    status               varchar(20)  not null,
    created_at           timestamptz  not null,
    updated_at           timestamptz  not null
);

-- QSEAL certificates of an organisation (Berlin Group registration and certificate add, open-banking certificate add).
-- Not a foreign key to tpp: an organisation onboarded only through DCR has certificates but no tpp row.
create table tpp_certificate (
    id          uuid         primary key,
    tpp_id      varchar(140) not null,
    fingerprint varchar(64)  not null,
    name        varchar(255) not null,
    type        varchar(20)  not null,
    serial      varchar(80)  not null,
    issuer      varchar(1000) not null,
    not_after   timestamptz  not null,
    roles       varchar(100) not null,
    pem         text         not null,
    added_at    timestamptz  not null,
    constraint tpp_certificate_unique unique (tpp_id, fingerprint)
);

-- A client created by open-banking dynamic client registration. The secret is stored only as a hash.
create table oauth_client (
    client_id                       varchar(64)   primary key,
    tpp_id                          varchar(140)  not null,
    software_id                     varchar(255)  not null,
    client_name                     varchar(255),
    client_secret_hash              varchar(64),
    client_id_issued_at             timestamptz   not null,
    client_secret_expires_at        bigint        not null,
    token_endpoint_auth_method      varchar(40)   not null,
    token_endpoint_auth_signing_alg varchar(10)   not null,
    grant_types                     varchar(200)  not null,
    response_types                  varchar(100)  not null,
    redirect_uris                   text          not null,
    scope                           varchar(200)  not null,
    application_type                varchar(20),
    request_object_signing_alg      varchar(10),
    contact_email                   varchar(254),
    software_statement              text          not null,
    constraint oauth_client_software_unique unique (software_id)
);

-- Letters to send, written in the same transaction as the registration; a scheduled job sends them.
create table letter_outbox (
    id              uuid          primary key,
    recipient       varchar(254)  not null,
    subject         varchar(255)  not null,
    text_body       text          not null,
    html_body       text          not null,
    status          varchar(10)   not null,
    attempts        integer       not null,
    next_attempt_at timestamptz   not null,
    last_error      varchar(1000),
    created_at      timestamptz   not null,
    sent_at         timestamptz
);
create index letter_outbox_due on letter_outbox (next_attempt_at) where status = 'PENDING';
