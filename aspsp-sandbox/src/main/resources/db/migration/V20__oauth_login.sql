-- A PSU's login for a gateway's OAuth authorize step (BANK-API.md "OAuth logins"): the gateway creates it, the PSU
-- logs in and allows or denies at /oauth-login/{token}, the gateway reads the outcome. Only the link token's SHA-256
-- is kept.
create table oauth_login (
    id          uuid          primary key,
    token_hash  varchar(64)   not null unique,
    tpp_name    varchar(255)  not null,
    scope       varchar(200)  not null,
    return_url  varchar(2500) not null,
    status      varchar(20)   not null,
    psu_id      varchar(50)   references psu (id),
    expires_at  timestamptz   not null
);
