package eu.xs2a.security.revocation;

import java.io.ByteArrayInputStream;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * The CRLs of the distribution points certificates name, downloaded over HTTP, each verified against its issuer and
 * kept until its nextUpdate. {@link #refreshDue} downloads again, in the background, those whose nextUpdate is near,
 * so that requests find a current list; a failed refresh keeps the list in force until its nextUpdate.
 */
final class CrlCache {

    private static final Logger LOG = Logger.getLogger(CrlCache.class);

    /** A verified CRL from one URL, with the issuer it was verified against and when it stops being current. */
    private record Held(X509CRL crl, X509Certificate issuer, Instant validUntil) {
    }

    private final Downloads downloads;
    private final Clock clock;
    private final Duration defaultValidity;
    private final ConcurrentHashMap<String, Held> held = new ConcurrentHashMap<>();

    CrlCache(Downloads downloads, Clock clock, Duration defaultValidity) {
        this.downloads = downloads;
        this.clock = clock;
        this.defaultValidity = defaultValidity;
    }

    /** The certificate's status by the CRL at {@code url}: from the held list while current, else downloaded. */
    CompletableFuture<RevocationStatus> status(X509Certificate certificate, X509Certificate issuer, String url,
                                               Duration unknownRetry) {
        Held current = held.get(url);
        Instant now = clock.instant();
        CompletableFuture<Held> list = current != null && current.issuer.equals(issuer) && now.isBefore(current.validUntil)
                ? CompletableFuture.completedFuture(current)
                : download(url, issuer);
        return list.thenApply(h -> statusBy(h, certificate, url))
                .exceptionally(failure -> RevocationStatus.unknown("CRL " + url + ": " + Downloads.why(failure),
                        clock.instant().plus(unknownRetry)));
    }

    /** Downloads again every held CRL whose nextUpdate is within {@code ahead}; returns how many were renewed. */
    int refreshDue(Duration ahead) {
        Instant horizon = clock.instant().plus(ahead);
        List<CompletableFuture<Held>> renewals = held.entrySet().stream()
                .filter(e -> !e.getValue().validUntil.isAfter(horizon))
                .map(e -> download(e.getKey(), e.getValue().issuer))
                .toList();
        int renewed = 0;
        for (CompletableFuture<Held> renewal : renewals) {
            try {
                renewal.join();
                renewed++;
            } catch (RuntimeException e) {
                // logged in download; the list held stays in force until its nextUpdate
            }
        }
        return renewed;
    }

    private CompletableFuture<Held> download(String url, X509Certificate issuer) {
        return downloads.get(url).thenApply(bytes -> verified(url, bytes, issuer)).whenComplete((h, failure) -> {
            if (failure != null) {
                LOG.warnf("The CRL at %s could not be renewed: %s", url, Downloads.why(failure));
            } else {
                held.put(url, h);
            }
        });
    }

    private Held verified(String url, byte[] bytes, X509Certificate issuer) {
        X509CRL crl;
        try {
            crl = (X509CRL) CertificateFactory.getInstance("X.509").generateCRL(new ByteArrayInputStream(bytes));
        } catch (java.security.GeneralSecurityException | RuntimeException e) {
            throw new IllegalStateException("not a CRL");
        }
        if (!crl.getIssuerX500Principal().equals(issuer.getSubjectX500Principal())) {
            throw new IllegalStateException("the CRL is not the certificate issuer's");
        }
        try {
            crl.verify(issuer.getPublicKey());
        } catch (java.security.GeneralSecurityException | RuntimeException e) {
            throw new IllegalStateException("the CRL is not signed by the certificate's issuer");
        }
        Instant now = clock.instant();
        Instant validUntil = crl.getNextUpdate() == null ? now.plus(defaultValidity) : crl.getNextUpdate().toInstant();
        if (!validUntil.isAfter(now)) {
            throw new IllegalStateException("the CRL is out of date (nextUpdate " + validUntil + ")");
        }
        return new Held(crl, issuer, validUntil);
    }

    private static RevocationStatus statusBy(Held list, X509Certificate certificate, String url) {
        var entry = list.crl.getRevokedCertificate(certificate);
        if (entry != null) {
            return RevocationStatus.revoked("CRL " + url + ", revoked at " + entry.getRevocationDate().toInstant(),
                    list.validUntil);
        }
        return RevocationStatus.good("CRL " + url, list.validUntil);
    }
}
