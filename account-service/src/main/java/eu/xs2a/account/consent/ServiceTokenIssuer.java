package eu.xs2a.account.consent;

import eu.xs2a.account.config.ConsentLookupConfig;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.jwt.build.Jwt;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * The service token account-service shows to consent-service's lookup endpoint: an RS256 JWT signed with the key
 * at {@code smallrye.jwt.sign.key.location}, short-lived and cached until shortly before it expires.
 */
@ApplicationScoped
public class ServiceTokenIssuer {

    private static final Logger LOG = Logger.getLogger(ServiceTokenIssuer.class);

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

    void onStart(@Observes StartupEvent event) {
        warning(config).ifPresent(LOG::warn);
    }

    /**
     * A token renewed as long before its expiry as it lives, or longer, is renewed at every lookup: correct, but each
     * lookup signs a new one. Said once at start, as RefreshMaxRunCheck says its like.
     */
    static Optional<String> warning(ConsentLookupConfig.Token token) {
        if (token.renewBefore().compareTo(token.lifetime()) < 0) {
            return Optional.empty();
        }
        return Optional.of("psd2.consent-lookup.token.renew-before (" + token.renewBefore() + ") is not shorter than"
                + " psd2.consent-lookup.token.lifetime (" + token.lifetime() + "): every consent lookup signs a new"
                + " service token; make renew-before shorter than the lifetime");
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
