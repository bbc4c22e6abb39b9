package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.events.BankEventDelivery;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * The sandbox's banking app: answers each decoupled push {@code sandbox.decoupled-delay} after it went out (approves,
 * or denies for psu-decoupled-deny), then tells the gateway at once, as a step on the pages does. Safe with several
 * instances (links locked and re-checked).
 */
@ApplicationScoped
public class DecoupledAppJob {

    private static final Logger LOG = Logger.getLogger(DecoupledAppJob.class);
    private static final int BATCH = 50;

    @Inject ApiScaService sca;
    @Inject BankEventDelivery events;

    @Scheduled(every = "${sandbox.decoupled-interval:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void answerPushes() {
        for (String resourceId : sca.answerDuePushes(BATCH)) { // committed
            LOG.infof("Decoupled SCA of %s answered in the PSU's app", resourceId);
            events.deliverNow(resourceId);
        }
    }
}
