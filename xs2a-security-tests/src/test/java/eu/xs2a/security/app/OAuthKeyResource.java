package eu.xs2a.security.app;

import eu.xs2a.testsupport.TestKeys;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.Base64;
import java.util.Map;

/**
 * The OAuth server's signing key of the test application: a fresh RSA key pair, its public half in a PEM file named
 * by {@code psd2.oauth.verification-key} (as {@code bin/sandbox-keys} writes {@code oauth-signing.pub}), its private
 * half for the tests to sign access tokens with.
 */
public class OAuthKeyResource implements QuarkusTestResourceLifecycleManager {

    private static KeyPair keys;

    static synchronized KeyPair keys() {
        if (keys == null) {
            keys = TestKeys.rsa();
        }
        return keys;
    }

    @Override
    public Map<String, String> start() {
        try {
            Path file = Files.createTempFile("oauth-signing", ".pub");
            file.toFile().deleteOnExit();
            Files.writeString(file, "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder(64, "\n".getBytes())
                    .encodeToString(keys().getPublic().getEncoded()) + "\n-----END PUBLIC KEY-----\n");
            return Map.of("psd2.oauth.verification-key", file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void stop() {
    }
}
