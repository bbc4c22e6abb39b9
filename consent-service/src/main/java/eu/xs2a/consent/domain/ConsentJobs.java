package eu.xs2a.consent.domain;

import eu.xs2a.consent.config.ConsentConfig;
import eu.xs2a.consent.domain.ConsentForwarder.DeletionOutcome;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
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

    /**
     * Sends accepted consents to the bank and tells it of deletions it missed. A provider whose bank is found
     * unreachable is left alone for the rest of the run: each further call would hold a thread (and, for a forward,
     * a row lock and a connection) for the bank's full timeout, only to fail the same way.
     */
    @Scheduled(identity = "consent-bank-sync", every = "${consent.jobs.bank-sync-every}",
            delayed = "${consent.jobs.initial-delay}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void syncWithBank() {
        Set<String> unreachable = new HashSet<>();
        Map<ForwardOutcome, Integer> forwards = new EnumMap<>(ForwardOutcome.class);
        for (int i = 0; i < config.jobBatchSize(); i++) {
            ConsentForwarder.Forwarded forwarded = forwarder.forwardNextDue(unreachable);
            if (forwarded.outcome() == ForwardOutcome.NOT_PENDING) {
                break;
            }
            forwards.merge(forwarded.outcome(), 1, Integer::sum);
            if (forwarded.outcome() == ForwardOutcome.BANK_UNREACHABLE) {
                unreachable.add(forwarded.consent().getProviderCode());
            }
        }
        int sent = 0;
        int deferred = 0;
        int givenUp = 0;
        for (int i = 0; i < config.jobBatchSize(); i++) {
            ConsentForwarder.Deletion deletion = forwarder.tellBankOfNextDeletion(unreachable);
            DeletionOutcome outcome = deletion.outcome();
            if (outcome == DeletionOutcome.NONE) {
                break;
            }
            if (outcome == DeletionOutcome.SENT) {
                sent++;
            } else if (outcome.givenUp()) {
                givenUp++;
            } else {
                deferred++;
            }
            if (outcome.bankUnreachable()) {
                unreachable.add(deletion.providerCode());
            }
        }
        int registered = forwards.getOrDefault(ForwardOutcome.REGISTERED, 0);
        int notReached = forwards.getOrDefault(ForwardOutcome.BANK_UNREACHABLE, 0);
        int refused = forwards.getOrDefault(ForwardOutcome.REFUSED, 0);
        if (registered + notReached + refused + sent + deferred + givenUp > 0) {
            LOG.infof("Bank sync: %d consent(s) forwarded, %d not reached (bank unreachable), %d refused by the bank;"
                    + " %d deletion(s) sent, %d deferred, %d given up%s", registered, notReached, refused, sent,
                    deferred, givenUp,
                    unreachable.isEmpty() ? "" : "; providers skipped for the rest of this run: " + unreachable);
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
