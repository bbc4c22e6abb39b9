package eu.xs2a.payment.domain;

/**
 * The payment-service's task types (xs2a-platform's task runtime, {@code eu.xs2a.platform.task}): the work on a
 * payment that must reach the bank after the change that asks for it has committed. Each task's subject is the
 * payment id and its target the provider code. payment-service/README.md "Background work".
 */
public final class PaymentTasks {

    /** Hands the payment to the bank ({@link PaymentSubmission}). */
    public static final String SUBMISSION = "payment-submission";

    /** Withdraws the bank's copy of a payment ended here ({@link BankCopyWithdrawal}). */
    public static final String WITHDRAWAL = "payment-withdrawal";

    /** Asks the bank about the payment once, and applies its authorisation deadline ({@link StatusCheck}). */
    public static final String STATUS = "payment-status";

    private PaymentTasks() {
    }
}
