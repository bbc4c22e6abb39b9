package eu.xs2a.registration.support;

import eu.xs2a.testsupport.TestKeys;
import eu.xs2a.testsupport.TestPki;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;

/**
 * The sandbox key material of the tests, made at test time under {@code target/test-sandbox/} (never committed),
 * laid out as bin/sandbox-keys does: the sandbox CA (here: the shared test CA, which the services trust), the SSA
 * directory key and its public JWKS.
 */
public final class TestDirectory {

    public static final String KID = "test-directory-1";
    private static final Path DIR = Path.of("target", "test-sandbox").toAbsolutePath();

    private static volatile TestDirectory instance;

    private final KeyPair directoryKeys;

    private TestDirectory(KeyPair directoryKeys) {
        this.directoryKeys = directoryKeys;
    }

    public static TestDirectory get() {
        TestDirectory d = instance;
        if (d == null) {
            synchronized (TestDirectory.class) {
                d = instance;
                if (d == null) {
                    d = loadOrCreate();
                    instance = d;
                }
            }
        }
        return d;
    }

    public PrivateKey directoryKey() {
        return directoryKeys.getPrivate();
    }

    public RSAPublicKey directoryPublicKey() {
        return (RSAPublicKey) directoryKeys.getPublic();
    }

    public Path caCertFile() {
        return TestPki.shared().caPemFile();
    }

    public Path caKeyFile() {
        return DIR.resolve("sandbox-ca.key");
    }

    public Path directoryKeyFile() {
        return DIR.resolve("directory.key");
    }

    public Path directoryJwksFile() {
        return DIR.resolve("directory-jwks.json");
    }

    private static TestDirectory loadOrCreate() {
        try {
            Files.createDirectories(DIR);
            Path directoryDer = DIR.resolve("directory-key.pk8");
            if (!Files.exists(DIR.resolve("directory-jwks.json"))) {
                KeyPair keys = TestKeys.rsa();
                write(directoryDer, keys.getPrivate().getEncoded());
                write(DIR.resolve("directory.key"), pem(keys.getPrivate()).getBytes(StandardCharsets.US_ASCII));
                // the sandbox CA key as PEM, from the shared test CA's binary PKCS#8 key
                byte[] caKey = Files.readAllBytes(TestPki.SHARED_DIR.toAbsolutePath().resolve("ca-key.pk8"));
                PrivateKey ca = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(caKey));
                write(DIR.resolve("sandbox-ca.key"), pem(ca).getBytes(StandardCharsets.US_ASCII));
                RsaJsonWebKey jwk = new RsaJsonWebKey((RSAPublicKey) keys.getPublic());
                jwk.setKeyId(KID);
                jwk.setUse("sig");
                jwk.setAlgorithm("PS256");
                write(DIR.resolve("directory-jwks.json"), new JsonWebKeySet(jwk)
                        .toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY).getBytes(StandardCharsets.UTF_8));
            }
            PrivateKey privateKey = KeyFactory.getInstance("RSA")
                    .generatePrivate(new PKCS8EncodedKeySpec(Files.readAllBytes(directoryDer)));
            RSAPrivateCrtKey rsa = (RSAPrivateCrtKey) privateKey;
            var publicKey = KeyFactory.getInstance("RSA")
                    .generatePublic(new RSAPublicKeySpec(rsa.getModulus(), rsa.getPublicExponent()));
            return new TestDirectory(new KeyPair(publicKey, privateKey));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String pem(PrivateKey key) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(key);
        }
        return out.toString();
    }

    private static void write(Path target, byte[] content) throws IOException {
        Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
        Files.write(tmp, content);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
