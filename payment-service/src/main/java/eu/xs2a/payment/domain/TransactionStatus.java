package eu.xs2a.payment.domain;

import org.jboss.logging.Logger;

/**
 * transactionStatus of a payment as the gateway tracks it (the codes of the interface's table that this gateway
 * uses). The lifecycle is RCVD → ACTC → ACSP → ACSC, or RJCT; CANC by cancellation. Final states never change.
 */
public enum TransactionStatus {
    RCVD(0),
    ACTC(1),
    ACSP(2),
    ACSC(3),
    ACCC(4),
    RJCT(-1),
    CANC(-1);

    /** Position on the forward path; -1 for the two side exits (rejected, cancelled). */
    private final int step;

    TransactionStatus(int step) {
        this.step = step;
    }

    public boolean isFinal() {
        return this == ACSC || this == ACCC || this == RJCT || this == CANC;
    }

    /**
     * Whether the payment may move from this status to {@code target}. Forward moves may skip steps (the bank
     * may report ACSP when the gateway last saw RCVD); RJCT and CANC are reachable from every non-final status;
     * nothing leaves a final status and nothing moves backwards.
     */
    public boolean canMoveTo(TransactionStatus target) {
        if (isFinal() || target == this) {
            return false;
        }
        if (target == RJCT || target == CANC) {
            return true;
        }
        return target.step > step;
    }

    /** The bank's code, or null when the gateway does not track that code. */
    public static TransactionStatus fromBank(String code) {
        if (code == null) {
            return null;
        }
        for (TransactionStatus status : values()) {
            if (status.name().equals(code)) {
                return status;
            }
        }
        // an ISO 20022 code this gateway does not follow (ACCP, PDNG, ...): said once per answer, not silently kept
        Logger.getLogger(TransactionStatus.class).warnf("The bank reported transaction status %s, which the gateway"
                + " does not track; the payment keeps its status", code);
        return null;
    }
}
