package eu.xs2a.testsupport;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.spec.ECGenParameterSpec;

/** Fresh key pairs for tests (made at test time, never written to the repository): the one way tests make keys. */
public final class TestKeys {

    private static final SecureRandom RANDOM = new SecureRandom();

    private TestKeys() {
    }

    /** An RSA 2048 key pair, the size of a QSEAL's, a service's token key or a software statement key. */
    public static KeyPair rsa() {
        return rsa(2048);
    }

    public static KeyPair rsa(int bits) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(bits, RANDOM);
            return generator.generateKeyPair();
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
