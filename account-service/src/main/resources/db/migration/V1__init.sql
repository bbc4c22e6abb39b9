-- account-service: the account data store (DESIGN.md "Account data") and the refresh jobs.
-- The request_replay table comes from shared-security (db/security).

-- A consent under which this service has fetched the bank's data at least once ("seen"). Reads under a consent
-- without a row here fetch from the bank first; later reads are served from the store.
create table consent_snapshot (
    id               bigserial    primary key,
    provider_code    varchar(35)  not null,
    tpp_id           varchar(140) not null,
    consent_id       varchar(140) not null,
    aspsp_consent_id varchar(140) not null,
    fetched_at       timestamptz  not null,
    unique (provider_code, tpp_id, consent_id)
);

-- One bank account as one TPP sees it under one provider. resource_id is random, so it neither reveals the
-- IBAN nor is the same for two TPPs; account_key (IBAN, else the bank's id) makes it stable for that TPP.
create table bank_account (
    id                uuid         primary key,
    resource_id       varchar(64)  not null unique,
    provider_code     varchar(35)  not null,
    tpp_id            varchar(140) not null,
    account_key       varchar(140) not null,
    bank_account_id   varchar(140) not null,
    iban              varchar(34),
    bban              varchar(30),
    bic               varchar(11),
    currency          varchar(3)   not null,
    name              varchar(70),
    product           varchar(35),
    cash_account_type varchar(4),
    status            varchar(10),
    owner_name        varchar(140),
    usage             varchar(4),
    corporate_id      varchar(140),
    updated_at        timestamptz  not null,
    unique (provider_code, tpp_id, account_key)
);

-- Which accounts a consent covers, and for what (as the bank answered under that consent).
create table consent_account (
    id            bigserial    primary key,
    provider_code varchar(35)  not null,
    tpp_id        varchar(140) not null,
    consent_id    varchar(140) not null,
    account_id    uuid         not null references bank_account (id) on delete cascade,
    balances      boolean      not null,
    transactions  boolean      not null,
    unique (provider_code, tpp_id, consent_id, account_id)
);

create table account_balance (
    id                    bigserial   primary key,
    account_id            uuid        not null references bank_account (id) on delete cascade,
    balance_type          varchar(40) not null,
    amount                varchar(40) not null,
    currency              varchar(3)  not null,
    reference_date        date,
    last_change_date_time timestamptz
);
create index account_balance_account on account_balance (account_id);

-- Unique on the bank's transaction id per account: a re-fetch updates, never duplicates.
create table account_transaction (
    id                     bigserial    primary key,
    account_id             uuid         not null references bank_account (id) on delete cascade,
    transaction_id         varchar(140) not null,
    booking_status         varchar(10)  not null,
    entry_date             date         not null,
    booking_date           date,
    value_date             date,
    amount                 varchar(40)  not null,
    currency               varchar(3)   not null,
    entry_reference        varchar(140),
    end_to_end_id          varchar(140),
    creditor_name          varchar(140),
    creditor_account       text,
    debtor_name            varchar(140),
    debtor_account         text,
    remittance_information varchar(500),
    bank_transaction_code  varchar(140),
    unique (account_id, transaction_id)
);
create index account_transaction_listing on account_transaction (account_id, entry_date desc, transaction_id);

-- Refresh jobs: picked by a worker with FOR UPDATE SKIP LOCKED; a lease (renewed by heartbeats) keeps one worker
-- on a job; a job whose lease ran out (its worker stopped) is picked up again.
create table refresh_job (
    id                    uuid         primary key,
    provider_code         varchar(35)  not null,
    tpp_id                varchar(140) not null,
    consent_id            varchar(140) not null,
    aspsp_consent_id      varchar(140) not null,
    initiated_by_customer boolean      not null,
    status                varchar(20)  not null,
    lease_owner           varchar(64),
    lease_until           timestamptz,
    attempts              integer      not null,
    accounts_total        integer,
    accounts_failed       integer,
    created_at            timestamptz  not null,
    updated_at            timestamptz  not null
);
-- At most one unfinished job per consent, also across replicas (the second insert fails: ActionNotAllowed).
create unique index refresh_job_one_running on refresh_job (provider_code, tpp_id, consent_id)
    where status in ('processing', 'fetching');
create index refresh_job_pickable on refresh_job (created_at) where status in ('processing', 'fetching');
create index refresh_job_latest on refresh_job (provider_code, tpp_id, consent_id, created_at desc);
