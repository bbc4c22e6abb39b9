package eu.xs2a.registration.sandbox;

import eu.xs2a.registration.config.SandboxConfig;
import eu.xs2a.security.client.SealKeys;
import eu.xs2a.security.core.TrustMaterial;
import eu.xs2a.security.tpp.Role;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * The sandbox QSEAL CA ({@code psd2.sandbox.ca-cert} / {@code ca-key}): issues test QSEALs with the PSD2
 * QCStatement ({@link SandboxCertificateIssuer}) for the key of a TPP's certificate request or a new RSA-2048 key
 * pair; only when {@code psd2.environment=sandbox}.
 */
@ApplicationScoped
public class SandboxCa {

    /** A test QSEAL, its private key when made here (else null: the TPP holds it) and the CA that issued it. */
    public record IssuedQseal(X509Certificate certificate, PrivateKey privateKey, X509Certificate ca) {
    }

    @Inject SandboxConfig config;
    @Inject Clock clock;
    private volatile SandboxCertificateIssuer issuer;

    /**
     * A QSEAL for {@code tppKey}, the key of the TPP's certificate request (checked by {@link CertificationRequests}),
     * or, when it is null, for a new RSA-2048 key pair made here.
     */
    public IssuedQseal issue(String organizationIdentifier, String organisationName, Set<Role> roles,
                             PublicKey tppKey) {
        SandboxCertificateIssuer ca = issuer();
        KeyPair keys = tppKey == null ? SealKeys.newRsa() : new KeyPair(tppKey, null);
        Instant now = clock.instant();
        X509Certificate certificate = ca.issue(keys.getPublic(), organizationIdentifier, organisationName, roles,
                now.minus(Duration.ofMinutes(5)), now.plus(Duration.ofDays(config.certificateValidityDays())));
        return new IssuedQseal(certificate, keys.getPrivate(), ca.caCertificate());
    }

    private SandboxCertificateIssuer issuer() {
        SandboxCertificateIssuer current = issuer;
        if (current == null) {
            synchronized (this) {
                current = issuer;
                if (current == null) {
                    String certFile = config.caCert().filter(v -> !v.isBlank())
                            .orElseThrow(() -> new SandboxNotConfigured("psd2.sandbox.ca-cert"));
                    String keyFile = config.caKey().filter(v -> !v.isBlank())
                            .orElseThrow(() -> new SandboxNotConfigured("psd2.sandbox.ca-key"));
                    X509Certificate caCertificate = TrustMaterial.loadCertificates(List.of(Path.of(certFile))).get(0);
                    current = new SandboxCertificateIssuer(caCertificate, PemFiles.readPrivateKey(Path.of(keyFile)));
                    issuer = current;
                }
            }
        }
        return current;
    }
}
