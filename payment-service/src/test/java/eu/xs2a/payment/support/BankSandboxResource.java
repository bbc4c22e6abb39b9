package eu.xs2a.payment.support;

import eu.xs2a.testsupport.ServiceProcess;
import eu.xs2a.testsupport.TestProvider;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;

/**
 * Starts the real aspsp-sandbox from its jar (on a clean database of its own) and points the providers at it.
 * Adds a third provider, {@value #FLAKY}, whose bank URL is a port where nothing listens until a test opens a
 * {@link eu.xs2a.testsupport.SwitchableProxy} there: the bank is "down" and later "up" again, for real. And a
 * fourth, {@value #RELAYED}, likewise down until a test opens a {@link RelayBank} on its port, with a read timeout
 * longer than a test needs to act while the relay holds a submission. Both keep sandbox's time zone, as does
 * {@value #FLAKY_OAUTH}, {@value #FLAKY}'s bank with the OAuth SCA approach. A fifth,
 * {@value #FAR_EAST}, is the sandbox bank in another time zone ({@value #FAR_EAST_ZONE}, UTC+14, 13 hours ahead of
 * sandbox's Europe/Berlin in winter), so that the two providers' calendars are on different days for most of a day.
 */
public class BankSandboxResource implements QuarkusTestResourceLifecycleManager {

    public static final String FLAKY = "flaky";
    public static final String BANK_URL = "test.bank.url";
    public static final String FLAKY_PORT = "test.flaky.port";
    /** {@value #FLAKY}'s bank (the same port) with the OAuth SCA approach. */
    public static final String FLAKY_OAUTH = "flaky-oauth";
    public static final String RELAYED = "relayed";
    public static final String RELAYED_PORT = "test.relayed.port";
    public static final String FAR_EAST = "far-east";
    public static final String FAR_EAST_ZONE = "Pacific/Kiritimati";
    /** How far ahead its bank takes a payment: less than the default year, so that the horizon is seen per provider. */
    public static final int FAR_EAST_DAYS_AHEAD = 30;
    /** A provider whose bank has a credential of its own (no payment of the tests is ever its). */
    public static final String OTHER_BANK = "other-bank";
    public static final String OTHER_BANK_CREDENTIAL = "other-bank-credential";

    private ServiceProcess bank;

    @Override
    public Map<String, String> start() {
        // the bank's payments are keyed by our payment ids, which restart with our clean test database
        bank = ServiceProcess.startOnCleanDatabase("aspsp-sandbox", "xs2a_aspsp_payment_test", Map.of());
        String bankUrl = bank.baseUrl();
        Map<String, String> config = new HashMap<>();
        config.put("psd2.providers.sandbox.bank-url", bankUrl);
        config.put("psd2.providers.sandbox2.bank-url", bankUrl);
        int flakyPort = ServiceProcess.freePort();
        config.putAll(TestProvider.of(FLAKY, "Bank that is down until a test brings it up", "http://localhost:" + flakyPort)
                .credentialOf("sandbox").timeouts("1S", "3S").paymentProducts("sepa-credit-transfers")
                .scaApproaches("REDIRECT").timeZoneOf("sandbox").config());
        config.putAll(TestProvider.of(FLAKY_OAUTH, "Bank with OAuth SCA, down until a test brings it up",
                        "http://localhost:" + flakyPort)
                .credentialOf("sandbox").timeouts("1S", "3S").paymentProducts("sepa-credit-transfers")
                .scaApproaches("REDIRECT").oauthSca().timeZoneOf("sandbox").config());
        config.put(BANK_URL, bankUrl);
        config.put(FLAKY_PORT, String.valueOf(flakyPort));
        int relayedPort = ServiceProcess.freePort();
        config.putAll(TestProvider.of(RELAYED, "Bank reached through a relay a test steers", "http://localhost:" + relayedPort)
                .credentialOf("sandbox").timeouts("1S", "30S").paymentProducts("sepa-credit-transfers")
                .scaApproaches("REDIRECT").timeZoneOf("sandbox").config());
        config.put(RELAYED_PORT, String.valueOf(relayedPort));
        config.putAll(TestProvider.of(FAR_EAST, "The sandbox bank on the other side of the date line", bankUrl)
                .credentialOf("sandbox").paymentProducts("sepa-credit-transfers").scaApproaches("REDIRECT")
                .timeZone(FAR_EAST_ZONE).maxExecutionDaysAhead(FAR_EAST_DAYS_AHEAD).config());
        config.putAll(TestProvider.of(OTHER_BANK, "A bank with a credential of its own", bankUrl)
                .credential(OTHER_BANK_CREDENTIAL).paymentProducts("sepa-credit-transfers")
                .scaApproaches("REDIRECT").timeZoneOf("sandbox").config());
        return config;
    }

    @Override
    public void stop() {
        if (bank != null) {
            bank.close();
        }
    }
}
