package eu.xs2a.security.core;

import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * What the verifier trusts and tolerates.
 *
 * @param trustAnchors    the CA certificates a TPP certificate must chain to (none: every certificate is refused)
 * @param crls            revocation lists (already checked against the anchors by {@link TrustMaterial})
 * @param maxClockSkew    how far the Date header may be from {@code clock} (default 300 s)
 * @param live            live environment: only PSD2 QSealCs whose NCA id matches their organizationIdentifier
 * @param cacheSize       how many certificates are kept parsed and path-checked
 * @param clock           the server clock
 */
public record VerifierSettings(List<X509Certificate> trustAnchors, List<X509CRL> crls, Duration maxClockSkew,
                               boolean live, int cacheSize, Clock clock) {

    public static final Duration DEFAULT_MAX_CLOCK_SKEW = Duration.ofSeconds(300);
    public static final int DEFAULT_CACHE_SIZE = 10_000;

    public VerifierSettings {
        trustAnchors = List.copyOf(trustAnchors);
        crls = List.copyOf(crls);
    }

    /** Sandbox defaults: the given anchors, no CRLs, 300 s skew, system clock. */
    public static VerifierSettings of(List<X509Certificate> trustAnchors) {
        return new VerifierSettings(trustAnchors, List.of(), DEFAULT_MAX_CLOCK_SKEW, false, DEFAULT_CACHE_SIZE,
                Clock.systemUTC());
    }

    public VerifierSettings withCrls(List<X509CRL> crls) {
        return new VerifierSettings(trustAnchors, crls, maxClockSkew, live, cacheSize, clock);
    }

    public VerifierSettings withClock(Clock clock) {
        return new VerifierSettings(trustAnchors, crls, maxClockSkew, live, cacheSize, clock);
    }

    public VerifierSettings withMaxClockSkew(Duration maxClockSkew) {
        return new VerifierSettings(trustAnchors, crls, maxClockSkew, live, cacheSize, clock);
    }

    public VerifierSettings withLive(boolean live) {
        return new VerifierSettings(trustAnchors, crls, maxClockSkew, live, cacheSize, clock);
    }

    public VerifierSettings withCacheSize(int cacheSize) {
        return new VerifierSettings(trustAnchors, crls, maxClockSkew, live, cacheSize, clock);
    }
}
