package eu.xs2a.security.quarkus;

import eu.xs2a.security.core.BlockedTpps;
import eu.xs2a.security.core.CrlFiles;
import eu.xs2a.security.core.RequestVerifier;
import eu.xs2a.security.core.TrustMaterial;
import eu.xs2a.security.core.VerifierSettings;
import eu.xs2a.security.replay.PostgresReplayStore;
import eu.xs2a.security.replay.ReplayStore;
import eu.xs2a.security.revocation.RevocationChecker;
import eu.xs2a.security.revocation.Downloads;
import eu.xs2a.security.revocation.RevocationSettings;
import eu.xs2a.security.trust.TrustedLists;
import io.agroal.api.AgroalDataSource;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/** Builds the core verifier and the replay store from {@link SecurityConfig}; a broken trust file fails start-up. */
@ApplicationScoped
public class SecurityBeans {

    private static final Logger LOG = Logger.getLogger(SecurityBeans.class);

    /** Made at start-up, so that a broken trust anchor or CRL file stops the service instead of its first request. */
    @Produces
    @Singleton
    @Startup
    RequestVerifier requestVerifier(SecurityConfig config, CrlFiles crlFiles, RevocationChecker revocation,
                                    TrustedLists trustedLists) {
        List<Path> anchorFiles = anchorFiles(config);
        List<X509Certificate> anchors = crlFiles.anchors();
        List<X509CRL> crls = crlFiles.load();
        CrlReload.warnPastNextUpdate(crls);
        if (anchors.isEmpty() && !trustedLists.configured()) {
            LOG.warn("Neither psd2.trust-anchors nor psd2.trust.lists is set: every signed request will be refused "
                    + "with CertificateInvalid");
        } else {
            LOG.infof("Signed requests: %d trust anchor(s) from %s, trusted lists %s, %d CRL(s), environment %s, max "
                            + "clock skew %s", anchors.size(), anchorFiles, config.trust().lists().keySet(),
                    crls.size(), config.environment(), config.signature().maxClockSkew());
        }
        RequestVerifier verifier = new RequestVerifier(new VerifierSettings(anchors, crls,
                config.signature().maxClockSkew(), config.environment() == SecurityConfig.Environment.live,
                config.signature().certificateCacheSize(), Clock.systemUTC()), revocation);
        if (trustedLists.configured()) {
            verifier.replaceTrustedListAnchors(trustedLists.load());
        }
        return verifier;
    }

    /**
     * The configured trusted lists (not yet loaded: {@link #requestVerifier} loads them at start, {@link
     * TrustedListRefresh} again on schedule). A signing-certificates file that cannot be read stops the service.
     */
    @Produces
    @Singleton
    TrustedLists trustedLists(SecurityConfig config) {
        SecurityConfig.Trust trust = config.trust();
        List<TrustedLists.Source> sources = new ArrayList<>();
        for (Map.Entry<String, SecurityConfig.Trust.TrustList> e : trust.lists().entrySet()) {
            SecurityConfig.Trust.TrustList list = e.getValue();
            List<Path> signers = paths(list.signingCertificates());
            if (signers.isEmpty()) {
                throw new IllegalStateException("psd2.trust.lists." + e.getKey() + ".signing-certificates is empty: "
                        + "a trusted list is used only when its signature verifies with them");
            }
            sources.add(new TrustedLists.Source(e.getKey(), list.location(), list.kind(),
                    TrustMaterial.loadCertificates(signers), list.officialJournal()));
        }
        Path cacheDir = Path.of(trust.cacheDir().orElse(System.getProperty("java.io.tmpdir") + "/xs2a-trusted-lists"));
        return new TrustedLists(sources, cacheDir, new Downloads(trust.fetchTimeout()), Clock.systemUTC());
    }

    /** One for the application: its answers and CRL downloads outlive the verifier's caches. */
    @Produces
    @Singleton
    RevocationChecker revocationChecker(SecurityConfig config) {
        SecurityConfig.Revocation r = config.revocation();
        RevocationSettings settings = new RevocationSettings(r.fetchTimeout(), r.maxWait(), r.unknownRetry(),
                r.defaultValidity(), r.refreshAhead(), r.softFail(), config.signature().certificateCacheSize());
        LOG.infof("Revocation: OCSP and CRL distribution points of each certificate, fetch timeout %s, wait at most "
                        + "%s, unknown status %s", r.fetchTimeout(), r.maxWait(),
                settings.softFail(config.environment() == SecurityConfig.Environment.live) ? "accepted with a WARN"
                        : "refused");
        return new RevocationChecker(settings, Clock.systemUTC());
    }

    /**
     * The trust anchors, read once, and the CRL files checked against them; {@link CrlReload} reads the CRL files
     * again when they change.
     */
    @Produces
    @Singleton
    CrlFiles crlFiles(SecurityConfig config) {
        return new CrlFiles(paths(config.crlFiles().orElse(List.of())),
                TrustMaterial.loadCertificates(anchorFiles(config)));
    }

    /** Read at start-up, so that a missing or malformed file stops the service instead of blocking nobody. */
    @Produces
    @Singleton
    @Startup
    BlockedTpps blockedTpps(SecurityConfig config) {
        Optional<Path> file = config.blockedTppsFile().map(String::strip).filter(v -> !v.isEmpty()).map(Path::of);
        if (file.isEmpty()) {
            return BlockedTpps.none();
        }
        BlockedTpps tpps = BlockedTpps.from(file.get());
        LOG.infof("Blocked TPPs: %d from %s %s", tpps.blocked().size(), file.get(), tpps.blocked());
        return tpps;
    }

    @Produces
    @Singleton
    ReplayStore replayStore(AgroalDataSource dataSource, SecurityConfig config) {
        byte[] digestKey = config.replay().digestKey().map(PostgresReplayStore::digestKey).orElse(null);
        if (digestKey == null && config.environment() == SecurityConfig.Environment.live) {
            LOG.warn("psd2.replay.digest-key is not set: the Digest of each create (which for POST …/authorisations"
                    + " covers a PSU's password) is kept unkeyed for psd2.replay.retention; set a secret key");
        }
        return new PostgresReplayStore(dataSource, config.replay().retention(), config.replay().pendingTimeout(),
                Clock.systemUTC(), digestKey);
    }

    static List<Path> anchorFiles(SecurityConfig config) {
        return paths(config.trustAnchors().orElse(List.of()));
    }

    private static List<Path> paths(List<String> values) {
        return values.stream().map(String::strip).filter(v -> !v.isEmpty()).map(Path::of).toList();
    }
}
