package eu.xs2a.security.quarkus;

import eu.xs2a.security.replay.ReplayStore;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import org.jboss.logging.Logger;

/** Removes X-Request-IDs older than {@code psd2.replay.retention}, every {@code psd2.replay.cleanup-every}. */
@ApplicationScoped
public class ReplayCleanup {

    private static final Logger LOG = Logger.getLogger(ReplayCleanup.class);

    @Inject ReplayStore store;
    @Inject SecurityConfig config;

    @Scheduled(every = "${psd2.replay.cleanup-every:1H}", delayed = "1M",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void removeExpired() {
        try {
            int removed = store.deleteCreatedBefore(Instant.now().minus(config.replay().retention()));
            if (removed > 0) {
                LOG.debugf("Removed %d expired X-Request-IDs", removed);
            }
        } catch (RuntimeException e) {
            LOG.warnf("Could not remove expired X-Request-IDs: %s", e.getMessage());
        }
    }
}
