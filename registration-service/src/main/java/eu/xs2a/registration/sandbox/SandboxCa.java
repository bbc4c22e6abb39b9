package eu.xs2a.registration.sandbox;

import eu.xs2a.registration.config.SandboxConfig;
import eu.xs2a.security.core.TrustMaterial;
import eu.xs2a.security.testing.TestPki;
import eu.xs2a.security.testing.TestTpp;
import eu.xs2a.security.tpp.Role;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * The sandbox QSEAL CA ({@code psd2.sandbox.ca-cert} / {@code ca-key}): issues test QSEALs with the PSD2
 * QCStatement through shared-security's QSEAL builder ({@link TestPki.TppBuilder}), so the gateway has one
 * certificate builder, not two. The builder lives in shared-security's {@code testing} package; the sandbox is the
 * one production use of it, and only when {@code psd2.environment=sandbox}.
 */
@ApplicationScoped
public class SandboxCa {

    /** A test QSEAL with its private key and the CA that issued it. */
    public record IssuedQseal(X509Certificate certificate, PrivateKey privateKey, X509Certificate ca) {
    }

    private final SandboxConfig config;
    private final Clock clock;
    private volatile TestPki pki;

    public SandboxCa(SandboxConfig config, Clock clock) {
        this.config = config;
        this.clock = clock;
    }

    public IssuedQseal issue(String organizationIdentifier, String organisationName, Set<Role> roles) {
        TestPki ca = pki();
        Instant now = clock.instant();
        TestTpp tpp = ca.tppBuilder()
                .organizationIdentifier(organizationIdentifier)
                .name(organisationName)
                .roles(roles)
                .validity(now.minus(Duration.ofMinutes(5)), now.plus(Duration.ofDays(config.certificateValidityDays())))
                .build();
        return new IssuedQseal(tpp.certificate(), tpp.privateKey(), ca.caCertificate());
    }

    private TestPki pki() {
        TestPki current = pki;
        if (current == null) {
            synchronized (this) {
                current = pki;
                if (current == null) {
                    String certFile = config.caCert().filter(v -> !v.isBlank())
                            .orElseThrow(() -> new SandboxNotConfigured("psd2.sandbox.ca-cert"));
                    String keyFile = config.caKey().filter(v -> !v.isBlank())
                            .orElseThrow(() -> new SandboxNotConfigured("psd2.sandbox.ca-key"));
                    X509Certificate caCertificate = TrustMaterial.loadCertificates(List.of(Path.of(certFile))).get(0);
                    current = TestPki.of(caCertificate, PemFiles.readPrivateKey(Path.of(keyFile)));
                    pki = current;
                }
            }
        }
        return current;
    }
}
