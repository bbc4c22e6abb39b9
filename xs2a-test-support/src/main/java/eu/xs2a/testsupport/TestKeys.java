package eu.xs2a.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.Base64;
import java.util.stream.Collectors;

/** Fresh key pairs for tests (made at test time, never written to the repository): the one way tests make keys. */
public final class TestKeys {

    private static final SecureRandom RANDOM = new SecureRandom();

    private TestKeys() {
    }

    /** An RSA 2048 key pair, the size of a QSEAL's, a service's token key or a software statement key. */
    public static KeyPair rsa() {
        return rsa(2048);
    }

    /**
     * An RSA key pair of this many bits, made by {@code openssl genpkey} (bin/test installs it). The JDK's generator
     * spends its time in BigInteger arithmetic, which the test JVMs' C1-only JIT (bin/test) runs without the C2
     * intrinsics: about 2 s of CPU a key there, against a third of a second in openssl, and the suite makes hundreds.
     */
    public static KeyPair rsa(int bits) {
        try {
            Process openssl = new ProcessBuilder("openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt",
                    "rsa_keygen_bits:" + bits).redirectError(Redirect.DISCARD).start();
            openssl.getOutputStream().close();
            // PEM, whose body is PKCS#8 (openssl 3 writes DER as PKCS#1)
            String pem = new String(openssl.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            if (openssl.waitFor() != 0) {
                throw new IllegalStateException("openssl genpkey made no RSA key of " + bits + " bits (exit "
                        + openssl.exitValue() + ")");
            }
            // the PEM's body without its armour lines
            String body = pem.lines().filter(line -> !line.startsWith("-----")).collect(Collectors.joining());
            byte[] pkcs8 = Base64.getDecoder().decode(body);
            KeyFactory rsa = KeyFactory.getInstance("RSA");
            RSAPrivateCrtKey key = (RSAPrivateCrtKey) rsa.generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
            return new KeyPair(rsa.generatePublic(new RSAPublicKeySpec(key.getModulus(), key.getPublicExponent())),
                    key);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot run openssl to make an RSA key (bin/test installs it)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An EC key pair on P-256. */
    public static KeyPair ec() {
        return ec("secp256r1");
    }

    /** The JDK's provider for the curves it has, else BouncyCastle's (not registered: passed by instance). */
    public static KeyPair ec(String curve) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec(curve), RANDOM);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException notInTheJdk) {
            try {
                KeyPairGenerator generator = KeyPairGenerator.getInstance("EC",
                        new org.bouncycastle.jce.provider.BouncyCastleProvider());
                generator.initialize(new ECGenParameterSpec(curve), RANDOM);
                return generator.generateKeyPair();
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("No EC key on " + curve + ": " + e.getMessage(), e);
            }
        }
    }
}
