package eu.xs2a.security.quarkus;

import eu.xs2a.security.core.CrlFiles;
import eu.xs2a.security.core.RequestVerifier;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.security.cert.X509CRL;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Reads the CRL files again every {@code psd2.crl-reload-every} and puts changed lists in force (see {@link CrlFiles}).
 * A file that cannot be read or checked leaves the lists in force as they were. While a CRL is past its nextUpdate, each
 * check logs a warning: its issuer's later revocations are not known here until the file is replaced.
 */
@ApplicationScoped
public class CrlReload {

    private static final Logger LOG = Logger.getLogger(CrlReload.class);

    @Inject CrlFiles files;
    @Inject RequestVerifier verifier;

    @Scheduled(every = "${psd2.crl-reload-every:5M}", delayed = "${psd2.crl-reload-every:5M}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        reloadIfChanged();
    }

    /** One check of the files; true when new lists were put in force. */
    public boolean reloadIfChanged() {
        if (files.files().isEmpty()) {
            return false;
        }
        Optional<List<X509CRL>> changed;
        try {
            changed = files.reloadIfChanged();
        } catch (IllegalStateException e) {
            LOG.errorf("The CRL files %s were not read again; the lists read before stay in force: %s", files.files(),
                    e.getMessage());
            warnPastNextUpdate(files.loaded());
            return false;
        }
        changed.ifPresent(crls -> {
            verifier.replaceCrls(crls);
            LOG.infof("CRL files changed: %d CRL(s) listing %d revoked certificate(s) are in force", crls.size(),
                    crls.stream().mapToInt(CrlReload::revokedCount).sum());
        });
        warnPastNextUpdate(files.loaded());
        return changed.isPresent();
    }

    static void warnPastNextUpdate(List<X509CRL> crls) {
        for (X509CRL crl : CrlFiles.pastNextUpdate(crls, Instant.now())) {
            LOG.warnf("The CRL of %s was due to be replaced at %s (nextUpdate); revocations since then are not known",
                    crl.getIssuerX500Principal().getName(), crl.getNextUpdate().toInstant());
        }
    }

    private static int revokedCount(X509CRL crl) {
        return crl.getRevokedCertificates() == null ? 0 : crl.getRevokedCertificates().size();
    }
}
