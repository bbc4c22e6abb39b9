package eu.xs2a.registration.domain;

import eu.xs2a.registration.persistence.UsedClientAssertions;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import org.jboss.logging.Logger;

/**
 * Deletes the jti of client assertions past their exp ({@link ClientAssertions}): such an assertion is refused for its
 * exp, so its record is no longer needed. Replicas may run it at the same moment; a row is deleted once either way.
 */
@ApplicationScoped
public class UsedAssertionCleanup {

    private static final Logger LOG = Logger.getLogger(UsedAssertionCleanup.class);

    @Inject UsedClientAssertions used;
    @Inject Clock clock;

    @Scheduled(identity = "used-assertion-cleanup", every = "${psd2.registration.used-assertion-cleanup-every}",
            delayed = "1M", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void run() {
        try {
            int deleted = QuarkusTransaction.requiringNew().call(() -> used.deleteExpiredBefore(clock.instant()));
            if (deleted > 0) {
                LOG.debugf("Deleted the jti of %d expired client assertions", deleted);
            }
        } catch (RuntimeException e) {
            // the database unreachable (or shutting down): the rows are deleted on a later run
            LOG.warnf("Expired client assertions not deleted this time: %s", e.toString());
        }
    }
}
