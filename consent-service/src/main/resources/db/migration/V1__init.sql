-- consent-service schema. The request_replay table comes from shared-security (db/security).

-- One row per consent (AIS or PIIS/confirmation of funds). Owned by (provider_code, tpp_id): every lookup
-- filters on both, so another TPP never learns that a consent exists.
create table consent (
    id                          varchar(64)   primary key,
    provider_code               varchar(64)   not null,
    tpp_id                      varchar(140)  not null,
    tpp_name                    varchar(255),
    type                        varchar(8)    not null check (type in ('AIS', 'PIIS')),
    status                      varchar(20)   not null,
    access                      text,                     -- AIS: the accountAccess object as JSON
    account                     text,                     -- PIIS: the account reference as JSON
    card_number                 varchar(35),
    card_expiry_date            date,
    card_information            varchar(140),
    registration_information    varchar(140),
    recurring_indicator         boolean       not null,
    valid_until                 date,
    frequency_per_day           integer,
    combined_service_indicator  boolean       not null default false,
    psu_id                      varchar(50),
    redirect_uri                varchar(500),
    nok_redirect_uri            varchar(500),
    bank_consent_id             varchar(128),
    bank_sca_url                varchar(2000),
    bank_delete_pending         boolean       not null default false,
    forward_attempts            integer       not null default 0,
    next_bank_attempt_at        timestamptz,              -- when the job may try the bank again (forward or delete)
    created_at                  timestamptz   not null,
    updated_at                  timestamptz   not null
);
create index consent_owner on consent (provider_code, tpp_id);
create index consent_status on consent (status);
create index consent_bank_delete_pending on consent (bank_delete_pending) where bank_delete_pending;

-- The authorisation sub-resource (one per consent here: the redirect SCA started with the consent).
create table consent_authorisation (
    id                          varchar(64)   primary key,
    consent_id                  varchar(64)   not null references consent (id),
    sca_status                  varchar(20)   not null,
    redirect_token_hash         varchar(64)   not null unique,   -- SHA-256 (hex) of the one-time scaRedirect token
    redirect_expires_at         timestamptz   not null,
    redirect_used_at            timestamptz,
    callback_state              varchar(64)   not null,          -- proves that the bank's return URL was ours
    created_at                  timestamptz   not null,
    updated_at                  timestamptz   not null
);
create index consent_authorisation_consent on consent_authorisation (consent_id);

-- Unattended accesses per consent, per UTC day, per resource (+account). Counted with one
-- INSERT ... ON CONFLICT DO UPDATE ... WHERE count < limit, so replicas never over-count.
create table consent_access_count (
    consent_id                  varchar(64)   not null references consent (id),
    access_day                  date          not null,
    resource_key                varchar(300)  not null,
    access_count                integer       not null,
    primary key (consent_id, access_day, resource_key)
);
