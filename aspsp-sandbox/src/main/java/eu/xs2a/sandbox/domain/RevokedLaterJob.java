package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.events.BankEventDelivery;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * The bank's side of psu-revoked-later: revokes its consents {@code sandbox.revoked-later-delay} after approval, then
 * tells the gateway at once, as the PSU's own revoke does. Safe with several instances (rows locked and re-checked).
 */
@ApplicationScoped
public class RevokedLaterJob {

    private static final Logger LOG = Logger.getLogger(RevokedLaterJob.class);
    private static final int BATCH = 50;

    @Inject OnlineBankingService banking;
    @Inject BankEventDelivery events;

    // not while the application starts or stops (the database may already be gone)
    @Scheduled(every = "${sandbox.revoked-later-interval:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void revokeDue() {
        for (String bankConsentId : banking.revokeDueLater(BATCH)) { // committed
            LOG.infof("psu-revoked-later: consent %s revoked by the bank", bankConsentId);
            events.deliverNow(bankConsentId);
        }
    }
}
