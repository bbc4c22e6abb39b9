package eu.xs2a.consent.domain;

/** consentStatus of the interface (names exactly as the interface spells them). */
public enum ConsentStatus {
    /** Received by the gateway; the bank has not registered it yet (its forwarding task retries). */
    accepted,
    /** Registered at the bank, SCA not yet finished. */
    received,
    valid,
    partiallyAuthorised,
    rejected,
    revokedByPsu,
    expired,
    terminatedByTpp;

    /** A final consent never changes again, except by the owning TPP's DELETE. */
    public boolean isFinal() {
        return this == rejected || this == revokedByPsu || this == expired || this == terminatedByTpp;
    }

    /** SCA is still to be done (the 24-hour rule and the callback apply). */
    public boolean awaitsSca() {
        return this == accepted || this == received || this == partiallyAuthorised;
    }
}
