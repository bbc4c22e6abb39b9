package eu.xs2a.payment.domain;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.function.LongConsumer;
import org.jboss.logging.Logger;

/**
 * The three background jobs. Work is claimed with {@code FOR UPDATE SKIP LOCKED} (see {@link PaymentLedger}), so
 * any number of replicas can run them; the rows live in PostgreSQL, so they survive restarts. A batch stops at
 * shutdown: its remaining payments keep their lease or check time and are taken up again once it has passed, here or
 * on another replica, instead of failing one by one against a closing database and logging each as an error.
 */
@ApplicationScoped
public class PaymentJobs {

    private static final Logger LOG = Logger.getLogger(PaymentJobs.class);

    private final PaymentLedger ledger;
    private final PaymentService payments;
    private volatile boolean stopping;

    public PaymentJobs(PaymentLedger ledger, PaymentService payments) {
        this.ledger = ledger;
        this.payments = payments;
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    /**
     * Forwards payments the bank did not acknowledge at initiation (it was down), never twice; and withdraws the bank's
     * copy of payments cancelled while their submission was on the way ({@link BankWithdrawal}).
     */
    @Scheduled(identity = "payment-submission-retry", every = "${payment.jobs.submission-every}",
            delayed = "${payment.jobs.initial-delay}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void retrySubmissions() {
        each(ledger.claimDueForSubmission(), payments::retrySubmission, "Retrying the submission of payment %d failed");
        each(ledger.claimDueForWithdrawal(), payments::withdraw,
                "Withdrawing the bank's copy of the cancelled payment %d failed");
    }

    /** Rejects payments nobody authorised within the deadline, so that every payment reaches a final status. */
    @Scheduled(identity = "payment-authorisation-deadline", every = "${payment.jobs.status-every}",
            delayed = "${payment.jobs.initial-delay}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void rejectUnauthorised() {
        each(ledger.claimPastAuthorisationDeadline(), payments::rejectIfStillUnauthorised,
                "Rejecting the unauthorised payment %d failed");
    }

    /**
     * Follows payments the bank still works on (RCVD, ACTC, ACSP) until they are concluded, and executed ones (ACSC)
     * for ACCC within the settlement horizon.
     */
    @Scheduled(identity = "payment-status-polling", every = "${payment.jobs.status-every}",
            delayed = "${payment.jobs.initial-delay}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void pollStatuses() {
        each(ledger.claimDueForStatusCheck(), payments::poll, "Polling the status of payment %d failed");
    }

    /** One claimed batch, payment by payment: a failure is logged and the batch goes on; a stop ends it. */
    private void each(List<Long> claimed, LongConsumer work, String failure) {
        for (Long id : claimed) {
            if (stopping) {
                return;
            }
            try {
                work.accept(id);
            } catch (RuntimeException e) {
                LOG.errorf(e, failure, id);
            }
        }
    }
}
