package eu.xs2a.security.quarkus;

import eu.xs2a.security.core.BlockedTpps;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * Reads the blocked TPPs file again every {@code psd2.blocked-tpps-reload-every} and puts a changed list in force. A
 * file that cannot be read or has a malformed line leaves the list in force as it was, with an ERROR line at every
 * attempt until it is fixed: unblocking nobody by accident matters more than blocking someone a little later.
 */
@ApplicationScoped
public class BlockedTppsReload {

    private static final Logger LOG = Logger.getLogger(BlockedTppsReload.class);

    @Inject BlockedTpps tpps;

    @Scheduled(every = "${psd2.blocked-tpps-reload-every:30S}", delayed = "${psd2.blocked-tpps-reload-every:30S}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        reloadIfChanged();
    }

    /** One check of the file; true when a new list was put in force. */
    public boolean reloadIfChanged() {
        if (tpps.file().isEmpty()) {
            return false;
        }
        try {
            if (!tpps.reloadIfChanged()) {
                return false;
            }
        } catch (IllegalStateException e) {
            LOG.errorf("The blocked TPPs file was not read again; the %d TPP(s) blocked before stay blocked: %s",
                    tpps.blocked().size(), e.getMessage());
            return false;
        }
        LOG.infof("Blocked TPPs file changed: %d TPP(s) blocked %s", tpps.blocked().size(), tpps.blocked());
        return true;
    }
}
