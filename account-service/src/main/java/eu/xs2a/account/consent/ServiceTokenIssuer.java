package eu.xs2a.account.consent;

import eu.xs2a.account.config.ConsentLookupConfig;
import io.smallrye.jwt.build.Jwt;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;

/**
 * The service token account-service shows to consent-service's lookup endpoint: an RS256 JWT signed with the key
 * at {@code smallrye.jwt.sign.key.location}, short-lived and cached until shortly before it expires.
 */
@ApplicationScoped
public class ServiceTokenIssuer {

    private final ConsentLookupConfig.Token config;
    private final Clock clock;
    private volatile Cached cached;

    private record Cached(String token, Instant renewAt) {
    }

    public ServiceTokenIssuer(ConsentLookupConfig lookupConfig) {
        this.config = lookupConfig.token();
        // not the Clock bean: the token's times are checked by consent-service's clock, which a test never moves
        this.clock = Clock.systemUTC();
    }

    public String bearer() {
        Cached current = cached;
        Instant now = clock.instant();
        if (current == null || !now.isBefore(current.renewAt())) {
            current = issue(now);
            cached = current;
        }
        return "Bearer " + current.token();
    }

    private Cached issue(Instant now) {
        Instant expiresAt = now.plus(config.lifetime());
        String token = Jwt.issuer(config.issuer())
                .audience(config.audience())
                .subject(config.subject())
                .issuedAt(now)
                .expiresAt(expiresAt)
                .jws().algorithm(io.smallrye.jwt.algorithm.SignatureAlgorithm.RS256)
                .sign();
        return new Cached(token, expiresAt.minus(config.renewBefore()));
    }
}
