package eu.xs2a.consent.domain;

import eu.xs2a.consent.config.ConsentConfig;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * The scheduled jobs. Each is safe with several replicas (rows taken with FOR UPDATE SKIP LOCKED, one consent
 * or one batch per transaction) and survives restarts (the work is rows in PostgreSQL). Intervals are
 * configuration; tests switch them off and call the methods themselves.
 */
@ApplicationScoped
public class ConsentJobs {

    private static final Logger LOG = Logger.getLogger(ConsentJobs.class);

    private final ConsentForwarder forwarder;
    private final ConsentExpiry expiry;
    private final ConsentConfig config;

    public ConsentJobs(ConsentForwarder forwarder, ConsentExpiry expiry, ConsentConfig config) {
        this.forwarder = forwarder;
        this.expiry = expiry;
        this.config = config;
    }

    /** Sends accepted consents to the bank and tells it of deletions it missed. */
    @Scheduled(identity = "consent-bank-sync", every = "${consent.jobs.bank-sync-every}",
            delayed = "${consent.jobs.initial-delay}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void syncWithBank() {
        int forwarded = 0;
        for (int i = 0; i < config.jobBatchSize(); i++) {
            ForwardOutcome outcome = forwarder.forwardNextDue();
            if (outcome == ForwardOutcome.NOT_PENDING) {
                break;
            }
            forwarded++;
        }
        int deletions = 0;
        for (int i = 0; i < config.jobBatchSize() && forwarder.tellBankOfNextDeletion(); i++) {
            deletions++;
        }
        if (forwarded + deletions > 0) {
            LOG.infof("Bank sync: %d consent(s) forwarded, %d deletion(s) sent", forwarded, deletions);
        }
    }

    @Scheduled(identity = "consent-expiry", every = "${consent.jobs.expiry-every}",
            delayed = "${consent.jobs.initial-delay}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void expire() {
        int changed = expiry.run();
        if (changed > 0) {
            LOG.infof("Expiry: %d consent(s) expired or rejected", changed);
        }
    }
}
