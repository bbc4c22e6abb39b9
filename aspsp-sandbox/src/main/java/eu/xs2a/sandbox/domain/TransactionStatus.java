package eu.xs2a.sandbox.domain;

/** ISO 20022 payment status codes as the bank uses them. */
public enum TransactionStatus {
    /** Received, waiting for the PSU's authorisation. */
    RCVD,
    /** Partially accepted technical correct: some, not all, of the signatures the debtor account needs were given. */
    PATC,
    /** Authorised by the PSU, technical checks passed. */
    ACTC,
    /** Accepted for execution (funds reserved), waiting for settlement. */
    ACSP,
    /** Settled: booked on the debtor account. */
    ACSC,
    /**
     * Partially accepted: a bulk without batch booking some of whose entries were rejected (funds) while the others
     * were booked. Final.
     */
    PART,
    RJCT,
    CANC;

    public boolean isFinal() {
        return this == ACSC || this == PART || this == RJCT || this == CANC;
    }
}
