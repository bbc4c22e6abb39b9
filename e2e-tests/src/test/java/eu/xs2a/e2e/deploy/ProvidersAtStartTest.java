package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.support.Lanes;
import eu.xs2a.e2e.support.Stack;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each service says at start which providers it serves, as it read them from the registry (config/providers.properties
 * here, the ConfigMap in Kubernetes), one line each: what an operator checks after a rollout. Never the credential.
 */
@ResourceLock(Lanes.SHARED_STACK)
class ProvidersAtStartTest {

    @ParameterizedTest
    @ValueSource(strings = {"registration-service", "consent-service", "account-service", "payment-service"})
    void eachServiceNamesItsProvidersAtStart(String module) throws IOException {
        Map<String, String> env = Stack.get().environment(module);
        String log = Files.readString(Stack.get().process(module).log());
        assertTrue(log.contains("Provider sandbox (Sandbox Bank): bank " + env.get("PSD2_SANDBOX_BANK_URL")
                + ", timeouts PT1S/PT3S, time zone Europe/Berlin, products [service-payment,"
                + " sepa-credit-transfers,"), log);
        assertTrue(log.contains("pain.001-instant-sepa-credit-transfers], SCA approaches [REDIRECT, EMBEDDED,"
                + " DECOUPLED]"), log);
        assertTrue(log.contains("Provider sandbox-oauth-pre (") && log.contains(", OAuth pre-step"), log);
        assertFalse(log.contains(env.getOrDefault("PSD2_SANDBOX_BANK_CREDENTIAL", "sandbox-service-credential")),
                "the bank credential is never logged");
    }
}
