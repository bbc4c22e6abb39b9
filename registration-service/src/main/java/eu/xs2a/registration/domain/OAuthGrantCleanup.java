package eu.xs2a.registration.domain;

import eu.xs2a.registration.config.OAuthConfig;
import eu.xs2a.registration.persistence.OAuthGrantRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import org.jboss.logging.Logger;

/**
 * Deletes the OAuth server's rows that can no longer be used: authorize requests past their expiry, codes and refresh
 * tokens a refresh-token lifetime after theirs (until then a replay of a used one still revokes its family).
 * Replicas may run it at the same moment; a row is deleted once either way.
 */
@ApplicationScoped
public class OAuthGrantCleanup {

    private static final Logger LOG = Logger.getLogger(OAuthGrantCleanup.class);

    @Inject OAuthGrantRepository grants;
    @Inject OAuthConfig config;
    @Inject Clock clock;

    @Scheduled(identity = "oauth-grant-cleanup", every = "${psd2.oauth.cleanup-every}", delayed = "1M",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void run() {
        try {
            int deleted = QuarkusTransaction.requiringNew().call(
                    () -> grants.deleteExpired(clock.instant(), config.refreshTokenLifetime()));
            if (deleted > 0) {
                LOG.debugf("Deleted %d expired OAuth codes, refresh tokens and authorize requests", deleted);
            }
        } catch (RuntimeException e) {
            // the database unreachable (or shutting down): the rows are deleted on a later run
            LOG.warnf("Expired OAuth grants not deleted this time: %s", e.toString());
        }
    }
}
