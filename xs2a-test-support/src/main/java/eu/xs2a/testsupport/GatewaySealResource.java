package eu.xs2a.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Map;

/**
 * A gateway seal for a service's tests, made at test time under {@code target/gateway-seal/} (a deployment names its
 * own: {@code psd2.notifications.seal-certificate}, {@code psd2.notifications.seal-key}); the notifications the
 * service sends are signed with it and carry its {@link #certificate()}.
 */
public class GatewaySealResource implements QuarkusTestResourceLifecycleManager {

    private static final Path DIR = Path.of("target", "gateway-seal").toAbsolutePath();
    private static final Path CERTIFICATE = DIR.resolve("seal.pem");
    private static final Path KEY = DIR.resolve("seal.key");
    private static TestPki seal;

    @Override
    public Map<String, String> start() {
        ensure();
        return Map.of("psd2.notifications.seal-certificate", CERTIFICATE.toString(),
                "psd2.notifications.seal-key", KEY.toString());
    }

    @Override
    public void stop() {
        // the files stay under target/ for the rest of the run
    }

    /** The seal's certificate, as a TPP would have it from the bank's developer page. */
    public static synchronized X509Certificate certificate() {
        ensure();
        return seal.caCertificate();
    }

    private static synchronized void ensure() {
        if (seal != null) {
            return;
        }
        seal = TestPki.create("XS2A Test Gateway Seal");
        try {
            Files.createDirectories(DIR);
            Files.writeString(CERTIFICATE, pem("CERTIFICATE", seal.caCertificate().getEncoded()),
                    StandardCharsets.US_ASCII);
            Files.writeString(KEY, pem("PRIVATE KEY", seal.caKey().getEncoded()), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (CertificateEncodingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
