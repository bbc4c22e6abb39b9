package eu.xs2a.security.client;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;

/** The key pair of a new QSEAL, where a TPP or the sandbox CA makes one: RSA-2048, the size QTSPs issue seals for. */
public final class SealKeys {

    private SealKeys() {
    }

    public static KeyPair newRsa() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("The JDK makes no RSA key pair", e);
        }
    }
}
