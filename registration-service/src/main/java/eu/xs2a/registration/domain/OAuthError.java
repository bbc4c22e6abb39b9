package eu.xs2a.registration.domain;

/**
 * The error codes of the OAuth endpoints (RFC 6749 sections 4.1.2.1 and 5.2, RFC 7009 section 2.2.1) with the status
 * of each on the token and revocation endpoints. These endpoints answer in OAuth's own body, not the Berlin Group one.
 */
public enum OAuthError {
    INVALID_REQUEST("invalid_request", 400),
    INVALID_CLIENT("invalid_client", 401),
    INVALID_GRANT("invalid_grant", 400),
    UNAUTHORIZED_CLIENT("unauthorized_client", 400),
    UNSUPPORTED_GRANT_TYPE("unsupported_grant_type", 400),
    INVALID_SCOPE("invalid_scope", 400),
    UNSUPPORTED_TOKEN_TYPE("unsupported_token_type", 400),
    UNSUPPORTED_RESPONSE_TYPE("unsupported_response_type", 400),
    ACCESS_DENIED("access_denied", 403),
    TEMPORARILY_UNAVAILABLE("temporarily_unavailable", 503);

    private final String code;
    private final int status;

    OAuthError(String code, int status) {
        this.code = code;
        this.status = status;
    }

    public String code() {
        return code;
    }

    public int status() {
        return status;
    }
}
