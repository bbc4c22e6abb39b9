package eu.xs2a.registration.support;

import eu.xs2a.testsupport.SandboxSeed;
import eu.xs2a.testsupport.ServiceProcess;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * The real aspsp-sandbox, started from its jar on a clean database of its own ({@code xs2a_aspsp_registration_test}),
 * as the bank of provider {@code sandbox}: the OAuth authorize step's PSU login is its page.
 */
public class RegistrationBank implements QuarkusTestResourceLifecycleManager {

    public static final String CREDENTIAL = "sandbox-service-credential";
    private static volatile String baseUrl;
    private ServiceProcess bank;

    public static String baseUrl() {
        return baseUrl;
    }

    @Override
    public Map<String, String> start() {
        bank = ServiceProcess.startOnCleanDatabase("aspsp-sandbox", "xs2a_aspsp_registration_test",
                Map.of("SANDBOX_SERVICE_CREDENTIAL", CREDENTIAL));
        baseUrl = bank.baseUrl();
        SandboxSeed.await(baseUrl);
        return Map.of("psd2.providers.sandbox.bank-url", baseUrl,
                "psd2.providers.sandbox.bank-credential", CREDENTIAL,
                "psd2.providers." + OAuthFlows.OAUTH_SCA_PROVIDER + ".bank-url", baseUrl,
                "psd2.providers." + OAuthFlows.OAUTH_SCA_PROVIDER + ".bank-credential", CREDENTIAL);
    }

    @Override
    public void stop() {
        if (bank != null) {
            bank.close();
        }
    }
}
