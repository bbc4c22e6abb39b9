package eu.xs2a.registration.support;

import eu.xs2a.testsupport.TestPki;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Points the service at the test-time sandbox CA, directory key and directory JWKS ({@link TestDirectory}), and at
 * the OAuth token signing key ({@link OAuthSigningKeyFile}).
 */
public class SandboxKeysResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        TestPki.shared(); // the shared CA must exist on disk before its key is converted
        TestDirectory directory = TestDirectory.get();
        return Map.of(
                "psd2.sandbox.ca-cert", directory.caCertFile().toString(),
                "psd2.sandbox.ca-key", directory.caKeyFile().toString(),
                "psd2.sandbox.directory-key", directory.directoryKeyFile().toString(),
                "psd2.registration.directory-jwks", directory.directoryJwksFile().toString(),
                "psd2.oauth.signing-key", OAuthSigningKeyFile.get().toString());
    }

    @Override
    public void stop() {
    }
}
