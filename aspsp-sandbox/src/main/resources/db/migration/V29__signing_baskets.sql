-- Signing baskets (BANK-API.md "Signing baskets"): several payments and consents of one TPP that the PSU authorises
-- with one SCA. The basket is an SCA resource like a consent or a payment (the columns ScaResource maps); its
-- members point at it while they are in it (one basket at a time), and may then not be authorised on their own.
create table signing_basket (
    id                 varchar(40)   primary key,
    idempotency_key    varchar(100)  not null unique,
    tpp_id             varchar(140)  not null,
    tpp_name           varchar(255)  not null,
    requested_psu_id   varchar(50),
    psu_id             varchar(50),
    status             varchar(4)    not null check (status in ('RCVD', 'ACTC', 'RJCT', 'CANC')),
    sca_status         varchar(20)   not null,
    return_url         varchar(2500) not null,
    signed_by          varchar(500),
    created_at         timestamptz   not null,
    version            integer       not null default 0
);

alter table payment add column basket_id varchar(40) references signing_basket (id);
alter table consent add column basket_id varchar(40) references signing_basket (id);
create index payment_basket on payment (basket_id) where basket_id is not null;
create index consent_basket on consent (basket_id) where basket_id is not null;
