-- The hourly OAuthGrantCleanup deletes by expiry; refresh tokens live for months, so without these indexes each run
-- read every row of every grant ever issued to find the few that ran out.
create index oauth_authorization_request_expiry on oauth_authorization_request (expires_at);
create index oauth_code_expiry on oauth_code (expires_at);
create index oauth_refresh_token_expiry on oauth_refresh_token (expires_at);
