package eu.xs2a.consent.api;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.quarkus.runtime.annotations.RegisterForReflection;
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
import java.util.concurrent.TimeUnit;
import javax.crypto.SecretKey;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The service-token check of /internal, verifying each token once. account-service sends the same token with every
 * consent lookup and renews it every few minutes, and parsing and verifying it again on each call was about a tenth
 * of this service's CPU under load. A token is reused only for the identical string (so with the signature already
 * verified, issuer and audience already checked) and only until its own expiry; anything else goes to SmallRye's
 * parser unchanged. The cache is Caffeine's: each entry expires at its token's {@code exp}, read on the service's
 * {@link Clock}.
 */
// Caffeine loads the node class of a size-bounded cache with per-entry expiry by name; the caffeine extension
// registers only its cache class for native images.
@RegisterForReflection(classNames = "com.github.benmanes.caffeine.cache.PSAMS")
@Alternative
@Priority(1)
@ApplicationScoped
public class VerifiedServiceTokens implements JWTParser {

    /** Tokens live a few minutes and come from one caller; a handful covers renewals and replicas. */
    private static final int CAPACITY = 32;

    private final DefaultJWTParser parser;
    private final Cache<String, JsonWebToken> verified;

    public VerifiedServiceTokens(DefaultJWTParser parser, Clock clock) {
        this.parser = parser;
        this.verified = Caffeine.newBuilder()
                .maximumSize(CAPACITY)
                .ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.millis()))
                .expireAfter(new UntilExp())
                .build();
    }

    /** An entry lives until its token's exp: the ticker reads the service's clock as epoch nanoseconds. */
    private static final class UntilExp implements Expiry<String, JsonWebToken> {

        @Override
        public long expireAfterCreate(String token, JsonWebToken jwt, long now) {
            return TimeUnit.SECONDS.toNanos(jwt.getExpirationTime()) - now;
        }

        @Override
        public long expireAfterUpdate(String token, JsonWebToken jwt, long now, long currentDuration) {
            return expireAfterCreate(token, jwt, now);
        }

        @Override
        public long expireAfterRead(String token, JsonWebToken jwt, long now, long currentDuration) {
            return currentDuration;
        }
    }

    @Override
    public JsonWebToken parse(String token) throws ParseException {
        JsonWebToken known = verified.getIfPresent(token);
        if (known != null) {
            return known;
        }
        JsonWebToken fresh = parser.parse(token);
        verified.put(token, fresh);
        return fresh;
    }

    /** How many verified tokens are held (for tests of the bound). */
    long cached() {
        verified.cleanUp();
        return verified.estimatedSize();
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
