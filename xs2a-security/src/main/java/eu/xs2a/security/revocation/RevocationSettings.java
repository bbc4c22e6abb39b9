package eu.xs2a.security.revocation;

import java.time.Duration;
import java.util.Optional;

/**
 * How the gateway learns whether a certificate has been revoked (xs2a-security/README.md "Revocation").
 *
 * @param fetchTimeout    one OCSP request or CRL download, connect and answer together
 * @param maxWait         the longest a request waits for a certificate's status, all sources together
 * @param unknownRetry    how long "unknown" stands before the sources are asked again
 * @param defaultValidity how long an answer without nextUpdate is used
 * @param refreshAhead    a CRL is downloaded again this long before its nextUpdate, in the background
 * @param softFail        accept a certificate whose status is unknown; empty: only in the sandbox environment
 * @param cacheSize       certificates whose status is kept
 */
public record RevocationSettings(Duration fetchTimeout, Duration maxWait, Duration unknownRetry,
                                 Duration defaultValidity, Duration refreshAhead, Optional<Boolean> softFail,
                                 int cacheSize) {

    public static RevocationSettings defaults() {
        return new RevocationSettings(Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofMinutes(1),
                Duration.ofHours(1), Duration.ofMinutes(5), Optional.empty(), 10_000);
    }

    public RevocationSettings withSoftFail(boolean softFail) {
        return new RevocationSettings(fetchTimeout, maxWait, unknownRetry, defaultValidity, refreshAhead,
                Optional.of(softFail), cacheSize);
    }

    /** Whether an unknown status is accepted in this environment. */
    public boolean softFail(boolean live) {
        return softFail.orElse(!live);
    }
}
