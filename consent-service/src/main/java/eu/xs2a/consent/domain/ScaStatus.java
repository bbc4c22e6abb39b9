package eu.xs2a.consent.domain;

/**
 * scaStatus of an authorisation sub-resource. The order of the non-final constants is the order of the steps;
 * an authorisation only moves forward, and a final status never changes.
 */
public enum ScaStatus {
    received,
    psuIdentified,
    psuAuthenticated,
    scaMethodSelected,
    started,
    unconfirmed,
    finalised,
    failed,
    exempted;

    public boolean isFinal() {
        return this == finalised || this == failed || this == exempted;
    }

    /** The bank's spelling to ours; unknown values are null (the caller keeps what it has). */
    public static ScaStatus fromBank(String value) {
        if (value == null) {
            return null;
        }
        for (ScaStatus status : values()) {
            if (status.name().equals(value)) {
                return status;
            }
        }
        return null;
    }
}
