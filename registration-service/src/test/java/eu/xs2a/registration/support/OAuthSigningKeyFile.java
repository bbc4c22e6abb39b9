package eu.xs2a.registration.support;

import eu.xs2a.security.client.Pem;
import eu.xs2a.testsupport.TestKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The OAuth token signing key of a test run: an RSA key made at test time in target/ (never committed). */
public final class OAuthSigningKeyFile {

    private static final Path FILE = Path.of("target", "oauth", "signing-key.pem").toAbsolutePath();

    private OAuthSigningKeyFile() {
    }

    public static synchronized Path get() {
        if (!Files.exists(FILE)) {
            try {
                Files.createDirectories(FILE.getParent());
                Files.writeString(FILE, Pem.pkcs8(TestKeys.rsa().getPrivate()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return FILE;
    }
}
