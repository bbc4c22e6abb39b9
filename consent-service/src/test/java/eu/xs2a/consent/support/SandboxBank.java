package eu.xs2a.consent.support;

import eu.xs2a.testsupport.SandboxSeed;
import eu.xs2a.testsupport.ServiceProcess;
import eu.xs2a.testsupport.TestProvider;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;

/**
 * The real aspsp-sandbox, started from its jar for the test run (fresh schema and seed in
 * xs2a_aspsp_consent_test). Provider {@code sandbox} points at it directly; provider {@code sandbox2} points at a
 * port where {@link eu.xs2a.testsupport.SwitchableProxy} can be switched on and off by a test, to play
 * "bank unreachable"; provider {@link #FAR_AWAY} (time zone Pacific/Kiritimati, where sandbox and sandbox2 have
 * Europe/Berlin) reaches it directly too.
 */
public class SandboxBank implements QuarkusTestResourceLifecycleManager {

    public static final String CREDENTIAL = "sandbox-service-credential";
    /**
     * Provider code of the bank in the far zone: Kiritimati (UTC+14, no summer time) is 12 or 13 hours ahead of
     * Berlin, so from 10:00 UTC until midnight in Berlin the two banks are on different dates.
     */
    public static final String FAR_AWAY = "faraway";
    public static final String FAR_AWAY_ZONE = "Pacific/Kiritimati";
    /** A provider of another bank, with a credential of its own (BankEventTest). */
    public static final String OTHER_BANK = "otherbank";
    public static final String OTHER_BANK_CREDENTIAL = "other-bank-credential";
    private ServiceProcess bank;

    @Override
    public Map<String, String> start() {
        bank = ServiceProcess.startOnCleanDatabase("aspsp-sandbox", "xs2a_aspsp_consent_test",
                Map.of("SANDBOX_SERVICE_CREDENTIAL", CREDENTIAL));
        SandboxSeed.await(bank.baseUrl());
        Map<String, String> config = new HashMap<>(Map.of(
                "psd2.providers.sandbox.bank-url", bank.baseUrl(),
                "psd2.providers.sandbox.bank-credential", CREDENTIAL,
                "psd2.providers.sandbox2.bank-url", "http://localhost:" + ServiceProcess.freePort(),
                "psd2.providers.sandbox2.bank-credential", CREDENTIAL));
        // a third provider on the same bank whose day is not Berlin's: the consent calendar is per provider
        config.putAll(TestProvider.of(FAR_AWAY, "Far Away Bank", bank.baseUrl()).credential(CREDENTIAL)
                .paymentProducts("sepa-credit-transfers").timeZone(FAR_AWAY_ZONE).config());
        // a provider at another bank, with its own credential: a status event with it reaches none of sandbox's consents
        config.putAll(TestProvider.of(OTHER_BANK, "Other Bank", "http://localhost:" + ServiceProcess.freePort())
                .credential(OTHER_BANK_CREDENTIAL).paymentProducts("sepa-credit-transfers").timeZone("Europe/Berlin")
                .config());
        return config;
    }

    @Override
    public void stop() {
        if (bank != null) {
            bank.close();
        }
    }
}
