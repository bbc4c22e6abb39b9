-- The OAuth2 authorisation server of the registered clients (docs/ARCHITECTURE.md "OAuth2"). Every code, refresh token
-- and browser link is stored only as its SHA-256 (xs2a-platform SecureTokens): a read of these tables yields nothing
-- that works. Access tokens are signed JWTs and are not stored at all.

-- An authorize request waiting for the PSU at the bank's login page; found again by the callback link's token.
create table oauth_authorization_request (
    link_hash      varchar(64)   primary key,
    provider_code  varchar(40)   not null,
    client_id      varchar(64)   not null,
    redirect_uri   varchar(2000) not null,
    scope          varchar(200)  not null,
    state          varchar(500),
    code_challenge varchar(128)  not null,
    bank_login_id  varchar(100)  not null,
    expires_at     timestamptz   not null,
    used           boolean       not null
);

-- An authorization code: bound to its client, redirect URI, PKCE challenge and provider; used once. family_id names
-- the refresh tokens issued from it, so that a second use of the code revokes them (RFC 6749 section 4.1.2).
create table oauth_code (
    code_hash      varchar(64)   primary key,
    family_id      uuid          not null,
    provider_code  varchar(40)   not null,
    client_id      varchar(64)   not null,
    redirect_uri   varchar(2000) not null,
    scope          varchar(200)  not null,
    code_challenge varchar(128)  not null,
    psu_id         varchar(140)  not null,
    expires_at     timestamptz   not null,
    used_at        timestamptz
);

-- Refresh tokens, rotated on every use: the used one keeps its row (rotated_at) so that a second use is recognised
-- as a replay and revokes the whole family (every token descended from one code).
create table oauth_refresh_token (
    token_hash    varchar(64)  primary key,
    family_id     uuid         not null,
    provider_code varchar(40)  not null,
    client_id     varchar(64)  not null,
    scope         varchar(200) not null,
    psu_id        varchar(140) not null,
    expires_at    timestamptz  not null,
    rotated_at    timestamptz,
    revoked_at    timestamptz
);
create index oauth_refresh_token_family on oauth_refresh_token (family_id);
