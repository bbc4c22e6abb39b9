package eu.xs2a.payment.domain;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * The status polling job: every {@code payment.jobs.status-every} it enqueues a status check ({@link StatusCheck})
 * for each payment due for one ({@link PaymentLedger#enqueueStatusChecks}): payments the bank still works on
 * (RCVD, ACTC, ACSP) until they are concluded, executed ones (ACSC) for ACCC within the settlement horizon, and
 * unauthorised ones past their deadline, so that every payment reaches a final status. It calls no bank itself: the
 * checks run on the task runtime's poller, on any replica, each payment's at most once at a time.
 */
@ApplicationScoped
public class StatusPolling {

    private static final Logger LOG = Logger.getLogger(StatusPolling.class);

    @Inject PaymentLedger ledger;

    @Scheduled(identity = "payment-status-polling", every = "${payment.jobs.status-every}",
            delayed = "${payment.jobs.initial-delay}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void poll() {
        try {
            round();
        } catch (RuntimeException e) {
            // the database is unreachable (or going away): the next round finds the same payments due
            LOG.warnf("Payment statuses not polled this time: %s", e.toString());
        }
    }

    /**
     * One round, run by the scheduler (tests with {@code payment.jobs.status-every=off} call it themselves).
     *
     * @return how many status checks it enqueued
     */
    public int round() {
        return ledger.enqueueStatusChecks();
    }
}
