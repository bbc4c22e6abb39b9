package eu.xs2a.security.revocation;

import java.time.Instant;

/**
 * What the revocation sources say of one certificate, and until when that answer may be used without asking again.
 *
 * @param state      good, revoked, or unknown (no source could answer)
 * @param source     who said so: an OCSP responder or a CRL's URL; for unknown, each source and why it failed
 * @param validUntil the answer is used until then (an OCSP response's or a CRL's nextUpdate)
 */
public record RevocationStatus(State state, String source, Instant validUntil) {

    public enum State { GOOD, REVOKED, UNKNOWN }

    static RevocationStatus good(String source, Instant validUntil) {
        return new RevocationStatus(State.GOOD, source, validUntil);
    }

    static RevocationStatus revoked(String source, Instant validUntil) {
        return new RevocationStatus(State.REVOKED, source, validUntil);
    }

    static RevocationStatus unknown(String why, Instant validUntil) {
        return new RevocationStatus(State.UNKNOWN, why, validUntil);
    }

    boolean usableAt(Instant now) {
        return now.isBefore(validUntil);
    }
}
