package eu.xs2a.platform.sca;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Berlin Group 1.3.6 {@code scaStatus} of an authorisation or cancellation-authorisation sub-resource; the constant
 * names are the interface's values. The standard lists the statuses but no moves, so the gateway's machine is the
 * one the bank's reports can follow: forward along the steps (the bank may skip some, and reports only what it
 * sees), from any open step to any final status, and never out of a final status.
 */
@RegisterForReflection
public enum ScaStatus {
    received(0),
    psuIdentified(1),
    psuAuthenticated(2),
    scaMethodSelected(3),
    started(4),
    /** SCA done by the PSU, waiting for a confirmation by the TPP: the last open step. */
    unconfirmed(5),
    finalised(6),
    failed(6),
    /** SCA was not needed; the authorisation counts as successful. */
    exempted(6);

    /** Position along the steps; the three final statuses share the last one. */
    private final int step;

    ScaStatus(int step) {
        this.step = step;
    }

    /** finalised, failed and exempted: the authorisation never changes again. */
    public boolean isFinal() {
        return this == finalised || this == failed || this == exempted;
    }

    /** Whether this status may become {@code target}: a later step or a final status, and only while open. */
    public boolean canMoveTo(ScaStatus target) {
        return target != null && !isFinal() && target.step > step;
    }

    /**
     * The status after a move to {@code target}.
     *
     * @throws ScaTransitionException when the machine has no such move (a repeat of the same status included)
     */
    public ScaStatus moveTo(ScaStatus target) {
        if (!canMoveTo(target)) {
            throw new ScaTransitionException(this, target);
        }
        return target;
    }

    /** The status a bank reports, in the interface's spelling; null for null or a value the interface does not have. */
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
