package eu.xs2a.registration.sandbox;

import eu.xs2a.security.client.Pem;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;

/** Reads the sandbox's PEM private keys (PKCS#8 or PKCS#1, as openssl writes them) and writes PKCS#8 PEM. */
public final class PemFiles {

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

    /** PKCS#8 PEM text of a private key (what openssl and most TPP libraries read). */
    public static String pkcs8(PrivateKey key) {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(new JcaPKCS8Generator(key, null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
