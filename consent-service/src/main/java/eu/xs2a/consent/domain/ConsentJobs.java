package eu.xs2a.consent.domain;

import eu.xs2a.platform.FailureLog;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * The expiry job: safe with several replicas (set-based updates, one consent per transaction where the bank is
 * asked) and after restarts (the work is rows in PostgreSQL). Its interval is configuration; tests switch it off and
 * call it themselves. Work with the bank (forwarding consents, telling it of deletions) is the task runtime's
 * ({@link ConsentForwardTask}, {@link BankDeletionTask}).
 */
@ApplicationScoped
public class ConsentJobs {

    private static final Logger LOG = Logger.getLogger(ConsentJobs.class);

    @Inject ConsentExpiry expiry;
    @Inject BankSync bankSync;

    /** Polls the bank for consents it has told nothing of for a while ({@link BankSync}). */
    @Scheduled(identity = "consent-bank-sync", every = "${consent.bank-sync.every}",
            delayed = "${consent.jobs.initial-delay}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void syncWithBank() {
        int enqueued = bankSync.enqueueDue();
        if (enqueued > 0) {
            LOG.debugf("Bank sync: %d consent(s) to ask the bank about", enqueued);
        }
    }

    @Scheduled(identity = "consent-expiry", every = "${consent.jobs.expiry-every}",
            delayed = "${consent.jobs.initial-delay}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void expire() {
        int changed;
        try {
            changed = expiry.run();
        } catch (RuntimeException e) {
            // the database is unreachable: the consents wait for the next run. Left to the scheduler, every run of
            // an outage would log the whole trace at ERROR
            FailureLog.warn(LOG, "Expiry not run this time", e);
            return;
        }
        if (changed > 0) {
            LOG.infof("Expiry: %d consent(s) expired or rejected", changed);
        }
    }
}
