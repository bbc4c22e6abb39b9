package eu.xs2a.security.quarkus;

import eu.xs2a.platform.notify.NotificationSigner;
import eu.xs2a.platform.notify.NotificationsConfig;
import eu.xs2a.security.client.Pem;
import eu.xs2a.security.client.RequestSigner;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * The gateway's own seal, which signs the notifications to TPPs as TPPs sign their requests ({@link RequestSigner}:
 * Digest, Date, X-Request-ID, Signature) and is sent in {@code ASPSP-Signature-Certificate} (base64 of the DER
 * certificate). Key and certificate are PEM files named per deployment ({@code psd2.notifications.seal-key},
 * {@code psd2.notifications.seal-certificate}); without both, notifications are not offered. docs/ARCHITECTURE.md
 * "Notifications".
 */
@ApplicationScoped
public class GatewaySeal implements NotificationSigner {

    private static final Logger LOG = Logger.getLogger(GatewaySeal.class);

    private final Optional<RequestSigner> signer;
    private final String certificateHeader;

    GatewaySeal(NotificationsConfig config) {
        if (config.sealCertificate().isPresent() && config.sealKey().isPresent()) {
            X509Certificate certificate = Pem.certificate(read(config.sealCertificate().get()));
            this.signer = Optional.of(new RequestSigner(Pem.privateKey(read(config.sealKey().get())), certificate));
            this.certificateHeader = der(certificate);
            LOG.infof("Notifications are signed by the gateway seal %s", certificate.getSubjectX500Principal());
        } else {
            this.signer = Optional.empty();
            this.certificateHeader = null;
        }
    }

    @Override
    public boolean available() {
        return signer.isPresent();
    }

    @Override
    public Map<String, String> sign(String path, byte[] body) {
        RequestSigner seal = signer.orElseThrow(() -> new IllegalStateException("No gateway seal configured"));
        Map<String, String> headers = new LinkedHashMap<>(seal.sign("POST", path, Map.of(), body));
        headers.remove("TPP-Signature-Certificate");
        headers.put(CERTIFICATE_HEADER, certificateHeader);
        return headers;
    }

    /** Base64 of the certificate's DER encoding. */
    static String der(X509Certificate certificate) {
        try {
            return Base64.getEncoder().encodeToString(certificate.getEncoded());
        } catch (CertificateEncodingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the gateway seal file " + file, e);
        }
    }
}
