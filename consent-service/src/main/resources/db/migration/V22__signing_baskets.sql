-- Signing baskets (docs/ARCHITECTURE.md "Signing baskets"): payments and consents of one TPP authorised with one SCA.
-- consent-service owns the basket resource and its authorisations; the bank registers the basket with its members
-- (payments by the gateway's payment id, consents by the bank's consent id) and runs its one SCA.
create table signing_basket (
    id                  varchar(64)   primary key,
    provider_code       varchar(64)   not null,
    tpp_id              varchar(140)  not null,
    tpp_name            varchar(255),
    transaction_status  varchar(4)    not null check (transaction_status in ('RCVD', 'ACTC', 'RJCT', 'CANC')),
    payment_ids         jsonb         not null,   -- the gateway's payment ids, as the TPP gave them
    consent_ids         jsonb         not null,   -- the gateway's consent ids
    psu_id              varchar(50),
    redirect_uri        varchar(500),
    nok_redirect_uri    varchar(500),
    bank_basket_id      varchar(128),             -- null until the bank registered it
    bank_sca_url        varchar(2000),
    created_at          timestamptz   not null,
    updated_at          timestamptz   not null
);
create index signing_basket_owner on signing_basket (provider_code, tpp_id);

-- The basket's authorisation sub-resources: the platform's ScaAuthorisation columns.
create table basket_authorisation (
    id                   varchar(64)   primary key,
    basket_id            varchar(64)   not null references signing_basket (id),
    sca_status           varchar(20)   not null,
    sca_approach         varchar(10)   not null,
    redirect_token_hash  varchar(64)   not null unique,
    redirect_expires_at  timestamptz   not null,
    redirect_used_at     timestamptz,
    callback_state       varchar(64)   not null,
    psu_id               varchar(50),
    created_at           timestamptz   not null,
    updated_at           timestamptz   not null
);
create index basket_authorisation_basket on basket_authorisation (basket_id);

-- The basket a consent is in, while it is (one at a time): its own authorisation is then refused (RESOURCE_BLOCKED).
alter table consent add column basket_id varchar(64) references signing_basket (id);
create index consent_basket on consent (basket_id) where basket_id is not null;
