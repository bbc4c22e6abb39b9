package eu.xs2a.consent.api;

import eu.xs2a.security.core.BoundedCache;
import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Clock;
import javax.crypto.SecretKey;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The service-token check of /internal, verifying each token once. account-service sends the same token with every
 * consent lookup and renews it every few minutes, and parsing and verifying it again on each call was about a tenth
 * of this service's CPU under load. A token is reused only for the identical string (so with the signature already
 * verified, issuer and audience already checked) and only until its own expiry; anything else goes to SmallRye's
 * parser unchanged.
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class VerifiedServiceTokens implements JWTParser {

    /** Tokens live a few minutes and come from one caller; a handful covers renewals and replicas. */
    private static final int CAPACITY = 32;

    private final DefaultJWTParser parser;
    private final Clock clock;
    private final BoundedCache<String, JsonWebToken> verified = new BoundedCache<>(CAPACITY);

    public VerifiedServiceTokens(DefaultJWTParser parser, Clock clock) {
        this.parser = parser;
        this.clock = clock;
    }

    @Override
    public JsonWebToken parse(String token) throws ParseException {
        JsonWebToken known = verified.get(token);
        if (known != null && clock.instant().getEpochSecond() < known.getExpirationTime()) {
            return known;
        }
        JsonWebToken fresh = parser.parse(token);
        verified.put(token, fresh);
        return fresh;
    }

    @Override
    public JsonWebToken parse(String token, JWTAuthContextInfo context) throws ParseException {
        return parser.parse(token, context);
    }

    @Override
    public JsonWebToken verify(String token, PublicKey key) throws ParseException {
        return parser.verify(token, key);
    }

    @Override
    public JsonWebToken verify(String token, SecretKey key) throws ParseException {
        return parser.verify(token, key);
    }

    @Override
    public JsonWebToken verify(String token, String secret) throws ParseException {
        return parser.verify(token, secret);
    }

    @Override
    public JsonWebToken decrypt(String token, PrivateKey key) throws ParseException {
        return parser.decrypt(token, key);
    }

    @Override
    public JsonWebToken decrypt(String token, SecretKey key) throws ParseException {
        return parser.decrypt(token, key);
    }

    @Override
    public JsonWebToken decrypt(String token, String secret) throws ParseException {
        return parser.decrypt(token, secret);
    }

    @Override
    public JsonWebToken parseOnly(String token) throws ParseException {
        return parser.parseOnly(token);
    }
}
