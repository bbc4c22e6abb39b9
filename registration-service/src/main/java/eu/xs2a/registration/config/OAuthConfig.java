package eu.xs2a.registration.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;
import org.hibernate.validator.constraints.time.DurationMin;

/** The OAuth2 authorisation server of the registered clients (docs/ARCHITECTURE.md "OAuth2"). */
@ConfigMapping(prefix = "psd2.oauth")
public interface OAuthConfig {

    /**
     * The RSA private key (PEM, PKCS#8 or PKCS#1) that signs the access tokens (env {@code PSD2_OAUTH_SIGNING_KEY}):
     * made by {@code bin/sandbox-keys}, a mounted Secret in Kubernetes, never in the repository. Its public half is
     * published at each provider's {@code jwks_uri}. Without it the token endpoint answers 503
     * {@code temporarily_unavailable}.
     */
    Optional<String> signingKey();

    /**
     * The signing key's public half (PEM), with which consent-, account- and payment-service verify the tokens
     * (xs2a-security's {@code AccessTokens}); not used here, named so that one environment serves every service.
     */
    Optional<String> verificationKey();

    /** How long an access token is valid: short, since a JWT is verified without asking this service. */
    @WithDefault("5M")
    @DurationMin(nanos = 0, inclusive = false)
    Duration accessTokenLifetime();

    /** How long a refresh token is valid; each use replaces it with a new one of this lifetime. */
    @WithDefault("30D")
    @DurationMin(nanos = 0, inclusive = false)
    Duration refreshTokenLifetime();

    /** How long an authorization code may wait for its exchange (RFC 6749 recommends at most 10 minutes). */
    @WithDefault("60S")
    @DurationMin(nanos = 0, inclusive = false)
    Duration codeLifetime();

    /** How often expired codes, refresh tokens and authorize requests are deleted ({@code OAuthGrantCleanup}). */
    @WithDefault("1H")
    @DurationMin(nanos = 0, inclusive = false)
    Duration cleanupEvery();

    /** How long the PSU has at the bank's login page before the way back to the TPP stops working. */
    @WithDefault("10M")
    @DurationMin(nanos = 0, inclusive = false)
    Duration loginLifetime();
}
