-- aspsp-sandbox: the simulated bank's own tables. The bank does not use shared-security.
-- Seed data (PSUs, accounts, balances, history) is written at start by SeedData, deterministically.

create table psu (
    id            varchar(50)  primary key,            -- the PSU's login (psu1, psu-fail, ...)
    password_hash varchar(200) not null,               -- pbkdf2-sha256$iterations$salt$hash
    full_name     varchar(140) not null,
    behaviour     varchar(20)  not null                -- NORMAL | FAIL_SCA | SLOW
);

create table account (
    id                varchar(40)  primary key,        -- the bank's account id (bankAccountId)
    psu_id            varchar(50)  not null references psu (id),
    iban              varchar(34)  not null unique,
    bban              varchar(30)  not null,
    bic               varchar(11)  not null,
    currency          varchar(3)   not null,
    name              varchar(70)  not null,
    product           varchar(70)  not null,
    cash_account_type varchar(4)   not null,
    status            varchar(10)  not null,           -- enabled | blocked | deleted
    owner_name        varchar(140) not null,
    usage             varchar(4)   not null,           -- PRIV | ORGA
    corporate_id      varchar(50),
    position          int          not null
);
create index account_psu on account (psu_id);

create table balance (
    account_id         varchar(40)   not null references account (id),
    balance_type       varchar(20)   not null,          -- closingBooked | interimAvailable | expected
    amount             numeric(18,2) not null,
    reference_date     date          not null,
    last_change        timestamptz   not null,
    primary key (account_id, balance_type)
);

create table bank_transaction (
    id                  bigserial     primary key,
    transaction_id      varchar(50)   not null unique,   -- the unique bank transaction id
    account_id          varchar(40)   not null references account (id),
    entry_reference     varchar(35)   not null,
    end_to_end_id       varchar(35)   not null,
    booking_status      varchar(7)    not null,          -- booked | pending
    booking_date        date          not null,
    value_date          date          not null,
    amount              numeric(18,2) not null,          -- signed: negative = money out
    currency            varchar(3)    not null,
    creditor_name       varchar(140),
    creditor_iban       varchar(34),
    debtor_name         varchar(140),
    debtor_iban         varchar(34),
    remittance          varchar(140),
    bank_transaction_code varchar(35) not null
);
create index bank_transaction_account_date on bank_transaction (account_id, booking_date desc, id desc);

create table consent (
    id                   varchar(40)  primary key,
    type                 varchar(4)   not null,          -- AIS | PIIS
    tpp_id               varchar(70)  not null,
    tpp_name             varchar(140) not null,
    requested_psu_id     varchar(50),
    psu_id               varchar(50)  references psu (id),  -- the PSU who logged in and approved
    status               varchar(20)  not null,
    sca_status           varchar(20)  not null,
    requested_access     text         not null,          -- the access object as the gateway sent it (JSON)
    valid_until          date         not null,
    recurring_indicator  boolean      not null,
    frequency_per_day    int          not null,
    return_url           varchar(1000) not null,
    created_at           timestamptz  not null,
    status_changed_at    timestamptz  not null,
    version              int          not null default 0
);
create index consent_psu on consent (psu_id);

-- What the PSU approved: one row per account the consent covers.
create table consent_account (
    consent_id   varchar(40) not null references consent (id),
    account_id   varchar(40) not null references account (id),
    balances     boolean     not null,
    transactions boolean     not null,
    primary key (consent_id, account_id)
);

create table payment (
    id                       varchar(40)   primary key,
    idempotency_key          varchar(100)  not null unique,
    payment_product          varchar(50)   not null,
    tpp_id                   varchar(70)   not null,
    tpp_name                 varchar(140)  not null,
    requested_psu_id         varchar(50),
    psu_id                   varchar(50)   references psu (id),
    debtor_iban              varchar(34),
    debtor_account_id        varchar(40)   references account (id),
    creditor_name            varchar(140)  not null,
    creditor_iban            varchar(34)   not null,
    creditor_address         text,
    creditor_agent_name      varchar(140),
    amount                   numeric(18,2) not null,
    currency                 varchar(3)    not null,
    remittance               varchar(140),
    end_to_end_id            varchar(35),
    requested_execution_date date,
    return_url               varchar(1000) not null,
    transaction_status       varchar(4)    not null,
    sca_status               varchar(20)   not null,
    status_reason            varchar(4),
    funds_available          boolean,
    cancellation_sca_status  varchar(20),
    cancellation_return_url  varchar(1000),
    created_at               timestamptz   not null,
    authorised_at            timestamptz,
    settled_at               timestamptz,
    version                  int           not null default 0
);
create index payment_settlement on payment (transaction_status, authorised_at);

-- One-time SCA links. The login binds the link to the browser that holds the session cookie.
create table sca_link (
    token         varchar(64)  primary key,
    kind          varchar(12)  not null,               -- CONSENT | PAYMENT | CANCELLATION
    resource_id   varchar(40)  not null,
    created_at    timestamptz  not null,
    state         varchar(12)  not null,               -- NEW | LOGGED_IN | APPROVED | DONE
    session_hash  varchar(64),
    psu_id        varchar(50)  references psu (id),
    otp_failures  int          not null default 0
);
create index sca_link_resource on sca_link (resource_id);

create table banking_session (
    session_hash varchar(64) primary key,
    psu_id       varchar(50) not null references psu (id),
    expires_at   timestamptz not null
);
