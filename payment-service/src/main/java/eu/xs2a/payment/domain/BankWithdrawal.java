package eu.xs2a.payment.domain;

/**
 * The bank's copy of a payment the TPP cancelled while the payment was on its way to the bank (the cancellation won,
 * the submission still arrived, or may have: its answer was lost), or that the authorisation deadline rejected before
 * the bank acknowledged it: that copy must be withdrawn, after being looked up by the idempotency key when the gateway
 * never learnt its id. Kept in the payment row, with its task enqueued in the same transaction, so a crash loses
 * nothing; the task ({@link BankCopyWithdrawal}) retries it.
 */
public enum BankWithdrawal {
    /** Still to be withdrawn: its task asks the bank to cancel its copy, with back-off. */
    PENDING,
    /**
     * Nothing left at the bank: it confirmed the cancellation, or answered that its copy is cancelled, rejected or
     * unknown, or a lookup by the idempotency key found no copy.
     */
    WITHDRAWN,
    /**
     * Given up (still failing at its task's give-up age, or the bank's copy went where the gateway cannot withdraw
     * it): an operator must settle it with the bank (README, "Withdrawals an operator must settle").
     */
    ABANDONED
}
