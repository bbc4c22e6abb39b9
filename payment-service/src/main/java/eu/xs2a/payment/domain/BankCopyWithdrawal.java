package eu.xs2a.payment.domain;

import eu.xs2a.payment.aspsp.BankCancellation;
import eu.xs2a.payment.aspsp.BankPaymentState;
import eu.xs2a.payment.aspsp.BankPort;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskHandler;
import eu.xs2a.platform.task.TaskOutcome;
import eu.xs2a.platform.task.TaskQueue;
import eu.xs2a.platform.task.TaskView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Task {@value PaymentTasks#WITHDRAWAL}: withdraws the bank's copy of a payment that ended here (the TPP cancelled
 * it, or its authorisation deadline rejected it) while the bank had it or may have had it ({@link BankWithdrawal}).
 * A copy the gateway never learnt of is first looked up by the payment's idempotency key, once no submission of the
 * payment is on its way (none found → {@code WITHDRAWN}). Done when the bank cancels the copy, or says it is
 * cancelled, rejected or unknown. A bank that cannot be asked or refuses is asked again with the task runtime's
 * backoff, until the task's give-up age; a copy the bank executed, or whose cancellation it wants the PSU to
 * authorise (nobody can: the gateway's links of an ended payment are spent), is given up at once. Given up, the
 * payment is {@code ABANDONED} for an operator (README "Withdrawals an operator must settle").
 */
@ApplicationScoped
public class BankCopyWithdrawal implements TaskHandler {

    private static final Logger LOG = Logger.getLogger(BankCopyWithdrawal.class);
    /** The least wait for a submission still on its way, so that a lease about to run out is not polled for. */
    private static final Duration LEAST_WAIT = Duration.ofSeconds(1);

    @Inject PaymentLedger ledger;
    @Inject BankPort bank;
    @Inject PaymentUrls urls;
    @Inject TaskQueue tasks;
    @Inject Clock clock;

    @Override
    public String type() {
        return PaymentTasks.WITHDRAWAL;
    }

    @Override
    public TaskOutcome run(Task task) {
        Payment payment = PaymentTasks.payment(ledger, task);
        if (payment == null || !payment.awaitsWithdrawal()) {
            return TaskOutcome.done();
        }
        long paymentId = payment.id();
        try {
            if (!payment.isSubmitted()) {
                Optional<Duration> submitting = submissionOnItsWay(payment);
                if (submitting.isPresent()) {
                    // its answer names the copy; a lookup now might come before the bank stored it
                    return TaskOutcome.retryAfter("a submission of the payment is still on its way to the bank",
                            submitting.get());
                }
                payment = findBankCopy(payment);
                if (payment == null) {
                    return TaskOutcome.done();
                }
            }
            BankCancellation answer = bank.cancel(payment.providerCode(), payment.bankPaymentId(),
                    urls.callback(payment, payment.callbackState()), false, null);
            if (TransactionStatus.CANC.name().equals(answer.transactionStatus())) {
                ledger.recordWithdrawn(paymentId);
                LOG.infof("Payment %s: the bank's copy %s of the payment ended here was withdrawn",
                        payment.resourceId(), payment.bankPaymentId());
                return TaskOutcome.done();
            }
            return TaskOutcome.giveUp(copyName(payment) + ": the bank answered its cancellation with "
                    + answer.transactionStatus() + (answer.scaUrl() != null ? " and asks for the PSU's authorisation" : ""));
        } catch (Psd2Exception e) {
            if (e.errorClass() == ErrorClass.CANCELLATION_INVALID) {
                return endWithdrawalOfFinalCopy(payment);
            }
            if (e.errorClass() == ErrorClass.RESOURCE_UNKNOWN) {
                ledger.recordWithdrawn(paymentId);
                LOG.infof("Payment %s: the bank does not know its copy %s (any more): nothing to withdraw",
                        payment.resourceId(), payment.bankPaymentId());
                return TaskOutcome.done();
            }
            return failed(payment, e);
        }
    }

    /** Given up (at once, or still failing at the task's give-up age): the payment's withdrawal is ABANDONED. */
    @Override
    public void givenUp(Task task, String reason) {
        Payment payment = PaymentTasks.payment(ledger, task);
        if (payment != null) {
            ledger.abandonWithdrawal(payment.id());
        }
    }

    /**
     * How long to wait for a submission of the payment still running (its lease's rest), or empty when none is: the
     * runtime holds every submission as a task, so a lookup after it has ended finds any copy it made.
     */
    private Optional<Duration> submissionOnItsWay(Payment payment) {
        Optional<TaskView> submission = tasks.latest(PaymentTasks.SUBMISSION, payment.resourceId());
        if (submission.isEmpty() || submission.get().state() != TaskView.State.RUNNING) {
            return Optional.empty();
        }
        Instant leaseUntil = submission.get().leaseUntil();
        Duration rest = leaseUntil == null ? LEAST_WAIT : Duration.between(clock.instant(), leaseUntil);
        return Optional.of(rest.compareTo(LEAST_WAIT) < 0 ? LEAST_WAIT : rest);
    }

    /**
     * A payment ended here before the bank acknowledged it: asks the bank for a copy under its idempotency key. None →
     * the withdrawal is done, and null is returned; one → it is recorded as the copy to withdraw, and the payment
     * returned. ServiceUnavailable when the bank cannot be asked.
     */
    private Payment findBankCopy(Payment payment) {
        Optional<BankPaymentState> copy = bank.find(payment.providerCode(), payment.resourceId());
        if (copy.isEmpty()) {
            ledger.recordWithdrawn(payment.id());
            LOG.infof("Payment %s ended here (%s) before the bank acknowledged it, and the bank has no copy of it:"
                    + " nothing to withdraw", payment.resourceId(), payment.transactionStatus());
            return null;
        }
        LOG.warnf("Payment %s ended here (%s) before the bank acknowledged it, but the bank has a copy (%s, %s) whose"
                        + " submission answer was lost: withdrawing it", payment.resourceId(),
                payment.transactionStatus(), copy.get().bankPaymentId(), copy.get().transactionStatus());
        return ledger.recordBankCopy(payment.id(), copy.get().bankPaymentId());
    }

    /** The bank can no longer cancel its copy: fine if it is cancelled or rejected there, not if it was executed. */
    private TaskOutcome endWithdrawalOfFinalCopy(Payment payment) {
        BankPaymentState copy;
        try {
            copy = bank.fetch(payment.providerCode(), payment.bankPaymentId());
        } catch (Psd2Exception e) {
            if (e.errorClass() == ErrorClass.RESOURCE_UNKNOWN) {
                ledger.recordWithdrawn(payment.id());
                return TaskOutcome.done();
            }
            return failed(payment, e);
        }
        TransactionStatus status = TransactionStatus.fromBank(copy.transactionStatus());
        if (status == TransactionStatus.CANC || status == TransactionStatus.RJCT) {
            ledger.recordWithdrawn(payment.id());
            LOG.infof("Payment %s: the bank's copy %s of the payment ended here is %s there: nothing to withdraw",
                    payment.resourceId(), payment.bankPaymentId(), status);
            return TaskOutcome.done();
        }
        return TaskOutcome.giveUp(copyName(payment) + " is " + copy.transactionStatus()
                + " and can no longer be cancelled");
    }

    private static TaskOutcome failed(Payment payment, Psd2Exception e) {
        return PaymentTasks.bankFailed(copyName(payment) + " could not be withdrawn: " + e.getMessage(), e);
    }

    /** The bank's copy, by its id or, when a lost submission answer left it unknown, by the idempotency key. */
    private static String copyName(Payment payment) {
        return "the bank's copy " + (payment.isSubmitted() ? payment.bankPaymentId()
                : "(id unknown: looked up by idempotency key " + payment.resourceId() + ")");
    }
}
