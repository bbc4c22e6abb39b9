package eu.xs2a.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Points a {@code @QuarkusTest} service at the shared test CA:
 * {@code @QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)}.
 * Sets {@code psd2.trust-anchors} to the CA's PEM file and {@code psd2.crl-files} to its CRL (which lists
 * {@link TestPki#revokedTpp()}).
 */
public class TestPkiResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        TestPki pki = TestPki.shared();
        return Map.of(
                "psd2.trust-anchors", pki.caPemFile().toString(),
                "psd2.crl-files", pki.crlFile().toString());
    }

    @Override
    public void stop() {
        // the CA stays on disk for the next test class of the run
    }
}
