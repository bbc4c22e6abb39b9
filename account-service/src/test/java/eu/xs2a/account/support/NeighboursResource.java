package eu.xs2a.account.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * account-service against the real sandbox bank and the real consent-service ({@link Neighbours}). Provider
 * {@code sandbox} reaches the bank directly; {@code sandbox2} through a proxy the tests can cut.
 */
public class NeighboursResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        Neighbours n = Neighbours.get();
        return Map.of(
                "psd2.consent-lookup.url", n.consentServiceUrl(),
                "psd2.providers.sandbox.bank-url", n.sandboxUrl(),
                "psd2.providers.sandbox2.bank-url", "http://localhost:" + n.sandbox2BankPort(),
                "smallrye.jwt.sign.key.location", ServiceKeys.shared().privateJwk().toString());
    }

    @Override
    public void stop() {
        // the neighbours serve every test class of the run; ServiceProcess stops them when the JVM exits
    }
}
