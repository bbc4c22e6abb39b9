package eu.xs2a.payment.domain;

import org.jboss.logging.Logger;

/**
 * transactionStatus of a payment as the gateway tracks it (the codes of the interface's table that this gateway
 * uses). The lifecycle is RCVD → ACTC → ACSP → ACSC → ACCC, or RJCT; CANC by cancellation; PATC between RCVD and
 * ACTC when the debtor account needs several signatures and some, not all, were given (multilevel SCA). Berlin
 * Group (ISO 20022): ACSC is the settlement on the debtor's account, ACCC the later one on the creditor's account,
 * which a bank that is also the creditor's (or learns of it) reports. So ACSC is concluded (executed: nothing is
 * authorised or cancelled any more) but not final: it may still move to ACCC. Final states (ACCC, RJCT, CANC) never
 * change.
 */
public enum TransactionStatus {
    RCVD(0),
    PATC(1),
    ACTC(2),
    ACSP(3),
    ACSC(4),
    ACCC(5),
    RJCT(-1),
    CANC(-1),
    /**
     * Partially accepted: a bulk without batch booking whose entries the bank executed each on its own, some booked,
     * some rejected (each entry's own status says which). Final.
     */
    PART(4);

    /** Position on the forward path; -1 for the two side exits (rejected, cancelled). */
    private final int step;

    TransactionStatus(int step) {
        this.step = step;
    }

    /** Never changes again: settled on the creditor's account, rejected or cancelled. */
    public boolean isFinal() {
        return this == ACCC || this == RJCT || this == CANC || this == PART;
    }

    /**
     * The bank has decided: executed on the debtor's account (ACSC) or final. Nothing is authorised or cancelled any
     * more; only ACSC still moves, to ACCC.
     */
    public boolean isConcluded() {
        return this == ACSC || isFinal();
    }

    /** Not authorised yet: by nobody (RCVD), or by some of the signatories the debtor account needs (PATC). */
    public boolean awaitsAuthorisation() {
        return this == RCVD || this == PATC;
    }

    /** Executed: settled on the debtor's account (ACSC), and maybe already on the creditor's (ACCC). */
    public boolean isExecuted() {
        return this == ACSC || this == ACCC;
    }

    /**
     * Whether the payment may move from this status to {@code target}. Forward moves may skip steps (the bank
     * may report ACSP when the gateway last saw RCVD, or ACCC right after ACSP); RJCT and CANC are reachable from every
     * status not yet concluded; an executed payment (ACSC) only moves on to ACCC; nothing leaves a final status and
     * nothing moves backwards.
     */
    public boolean canMoveTo(TransactionStatus target) {
        if (isFinal() || target == this) {
            return false;
        }
        if (this == ACSC) {
            return target == ACCC;
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
