package eu.xs2a.payment.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskOutcome;

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

    /**
     * The payment a task is about, or null when there is none: its subject is the paymentId, so that the runtime's
     * log lines name the payment as its TPP does (a task of a payment taken before ids were random names its number,
     * which is that payment's paymentId).
     */
    static Payment payment(PaymentLedger ledger, Task task) {
        return ledger.byResourceId(task.subject());
    }

    /**
     * A bank call of a task that failed: a bank that cannot be reached waits for the next poll of its target (its
     * other tasks wait with it), one that refused is asked again with the runtime's backoff.
     */
    static TaskOutcome bankFailed(String reason, Psd2Exception e) {
        return e.errorClass() == ErrorClass.SERVICE_UNAVAILABLE ? TaskOutcome.targetUnreachable(reason)
                : TaskOutcome.retry(reason);
    }
}
