package eu.xs2a.security.quarkus;

import eu.xs2a.security.core.RequestVerifier;
import eu.xs2a.security.core.TrustMaterial;
import eu.xs2a.security.core.VerifierSettings;
import eu.xs2a.security.replay.PostgresReplayStore;
import eu.xs2a.security.replay.ReplayStore;
import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.List;
import org.jboss.logging.Logger;

/** Builds the core verifier and the replay store from {@link SecurityConfig}; a broken trust file fails start-up. */
@ApplicationScoped
public class SecurityBeans {

    private static final Logger LOG = Logger.getLogger(SecurityBeans.class);

    @Produces
    @Singleton
    RequestVerifier requestVerifier(SecurityConfig config) {
        List<Path> anchorFiles = paths(config.trustAnchors().orElse(List.of()));
        List<X509Certificate> anchors = TrustMaterial.loadCertificates(anchorFiles);
        List<X509CRL> crls = TrustMaterial.loadCrls(paths(config.crlFiles().orElse(List.of())), anchors);
        if (anchors.isEmpty()) {
            LOG.warn("psd2.trust-anchors is not set: every signed request will be refused with CertificateInvalid");
        } else {
            LOG.infof("Signed requests: %d trust anchor(s) from %s, %d CRL(s), environment %s, max clock skew %s",
                    anchors.size(), anchorFiles, crls.size(), config.environment(), config.signature().maxClockSkew());
        }
        return new RequestVerifier(new VerifierSettings(anchors, crls, config.signature().maxClockSkew(),
                config.environment() == SecurityConfig.Environment.live,
                config.signature().certificateCacheSize(), Clock.systemUTC()));
    }

    @Produces
    @Singleton
    ReplayStore replayStore(AgroalDataSource dataSource, SecurityConfig config) {
        return new PostgresReplayStore(dataSource, config.replay().retention(), Clock.systemUTC());
    }

    private static List<Path> paths(List<String> values) {
        return values.stream().map(String::strip).filter(v -> !v.isEmpty()).map(Path::of).toList();
    }
}
