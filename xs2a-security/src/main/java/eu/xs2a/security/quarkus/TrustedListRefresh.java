package eu.xs2a.security.quarkus;

import eu.xs2a.security.core.RequestVerifier;
import eu.xs2a.security.trust.TrustedLists;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Downloads the trusted lists again every {@code psd2.trust.refresh-every} and puts changed services in force (the
 * certificate cache starts again empty); a list that fails keeps its last good copy ({@link TrustedLists} logs it).
 */
@ApplicationScoped
public class TrustedListRefresh {

    @Inject TrustedLists lists;
    @Inject RequestVerifier verifier;

    @Scheduled(every = "${psd2.trust.refresh-every:6H}", delayed = "${psd2.trust.refresh-every:6H}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        refresh();
    }

    /** One refresh; true when changed services were put in force. */
    public boolean refresh() {
        if (!lists.configured()) {
            return false;
        }
        return lists.refresh().map(anchors -> {
            verifier.replaceTrustedListAnchors(anchors);
            return true;
        }).orElse(false);
    }
}
