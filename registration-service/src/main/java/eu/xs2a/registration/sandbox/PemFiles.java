package eu.xs2a.registration.sandbox;

import eu.xs2a.security.client.Pem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;

/** Reads the sandbox's PEM private keys (PKCS#8 or PKCS#1, as openssl writes them) from their files. */
final class PemFiles {

    private PemFiles() {
    }

    static PrivateKey readPrivateKey(Path file) {
        try {
            return Pem.privateKey(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read private key " + file, e);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(file + " is " + e.getMessage(), e);
        }
    }
}
