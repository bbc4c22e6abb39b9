package eu.xs2a.registration.domain;

/** A refusal of an OAuth endpoint: the RFC 6749 error and a description naming the parameter or check at fault. */
public class OAuthException extends RuntimeException {

    private final OAuthError error;

    public OAuthException(OAuthError error, String description) {
        super(description, null, false, false);
        this.error = error;
    }

    public OAuthError error() {
        return error;
    }
}
