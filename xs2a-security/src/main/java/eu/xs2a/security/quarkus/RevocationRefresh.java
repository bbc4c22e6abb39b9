package eu.xs2a.security.quarkus;

import eu.xs2a.security.revocation.RevocationChecker;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * Downloads again, before their nextUpdate, the CRLs that certificates in use point to, so that a request finds a
 * current list instead of waiting for the download; a failed download is logged and retried on the next run.
 */
@ApplicationScoped
public class RevocationRefresh {

    private static final Logger LOG = Logger.getLogger(RevocationRefresh.class);

    @Inject RevocationChecker revocation;

    @Scheduled(every = "${psd2.revocation.refresh-every:1M}", delayed = "${psd2.revocation.refresh-every:1M}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        int renewed = revocation.refreshCrls();
        if (renewed > 0) {
            LOG.infof("Renewed %d CRL(s) ahead of their nextUpdate", renewed);
        }
    }
}
