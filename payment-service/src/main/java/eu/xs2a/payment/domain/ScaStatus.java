package eu.xs2a.payment.domain;

/** scaStatus of an authorisation or cancellation-authorisation sub-resource (the interface's names). */
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

    private int step() {
        return switch (this) {
            case received -> 0;
            case psuIdentified -> 1;
            case psuAuthenticated -> 2;
            case scaMethodSelected -> 3;
            case started -> 4;
            case unconfirmed -> 5;
            case finalised, failed, exempted -> 6;
        };
    }

    /** Forward only; a final status never changes. */
    public boolean canMoveTo(ScaStatus target) {
        return !isFinal() && target != this && target.step() >= step();
    }

    /** The bank's name, or null when unknown. */
    public static ScaStatus fromBank(String name) {
        if (name == null) {
            return null;
        }
        for (ScaStatus status : values()) {
            if (status.name().equals(name)) {
                return status;
            }
        }
        return null;
    }
}
