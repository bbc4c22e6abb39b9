package eu.xs2a.registration.sandbox;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;

/** Reads the sandbox's PEM private keys (PKCS#8 or PKCS#1, as openssl writes them) and writes PEM. */
public final class PemFiles {

    private PemFiles() {
    }

    static PrivateKey readPrivateKey(Path file) {
        try (Reader reader = Files.newBufferedReader(file); PEMParser parser = new PEMParser(reader)) {
            Object object = parser.readObject();
            JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
            if (object instanceof PrivateKeyInfo info) {
                return converter.getPrivateKey(info);
            }
            if (object instanceof PEMKeyPair pair) {
                return converter.getKeyPair(pair).getPrivate();
            }
            throw new IllegalStateException(file + " holds no unencrypted PEM private key");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read private key " + file, e);
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

    /** PEM text of a key or certificate (the PEM armour is written by BouncyCastle). */
    public static String pem(Object object) {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(object);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
