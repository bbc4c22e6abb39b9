package eu.xs2a.payment.support;

import eu.xs2a.testsupport.ServiceProcess;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.Map;

/**
 * Starts the real aspsp-sandbox from its jar (on a clean database of its own) and points the providers at it.
 * Adds a third provider, {@value #FLAKY}, whose bank URL is a port where nothing listens until a test opens a
 * {@link eu.xs2a.testsupport.SwitchableProxy} there: the bank is "down" and later "up" again, for real. And a
 * fourth, {@value #RELAYED}, likewise down until a test opens a {@link RelayBank} on its port, with a read timeout
 * longer than a test needs to act while the relay holds a submission. Both keep sandbox's time zone. A fifth,
 * {@value #FAR_EAST}, is the sandbox bank in another time zone ({@value #FAR_EAST_ZONE}, UTC+14, 13 hours ahead of
 * sandbox's Europe/Berlin in winter), so that the two providers' calendars are on different days for most of a day.
 */
public class BankSandboxResource implements QuarkusTestResourceLifecycleManager {

    public static final String FLAKY = "flaky";
    public static final String BANK_URL = "test.bank.url";
    public static final String FLAKY_PORT = "test.flaky.port";
    public static final String RELAYED = "relayed";
    public static final String RELAYED_PORT = "test.relayed.port";
    public static final String FAR_EAST = "far-east";
    public static final String FAR_EAST_ZONE = "Pacific/Kiritimati";

    private ServiceProcess bank;

    @Override
    public Map<String, String> start() {
        bank = ServiceProcess.start("aspsp-sandbox", Map.of(
                "QUARKUS_DATASOURCE_JDBC_URL", "jdbc:postgresql://localhost:5432/xs2a_aspsp_payment_test",
                // the bank's payments are keyed by our payment ids, which restart with our clean test database
                "QUARKUS_FLYWAY_CLEAN_AT_START", "true",
                "QUARKUS_FLYWAY_CLEAN_DISABLED", "false"));
        String bankUrl = bank.baseUrl();
        Map<String, String> config = new HashMap<>();
        config.put("psd2.providers.sandbox.bank-url", bankUrl);
        config.put("psd2.providers.sandbox2.bank-url", bankUrl);
        String prefix = "psd2.providers." + FLAKY + ".";
        int flakyPort = freePort();
        config.put(prefix + "name", "Bank that is down until a test brings it up");
        config.put(prefix + "bank-url", "http://localhost:" + flakyPort);
        config.put(prefix + "bank-credential", "${psd2.providers.sandbox.bank-credential}");
        config.put(prefix + "connect-timeout", "1S");
        config.put(prefix + "read-timeout", "3S");
        config.put(prefix + "payment-products", "sepa-credit-transfers");
        config.put(prefix + "sca-approaches", "REDIRECT");
        config.put(prefix + "time-zone", "${psd2.providers.sandbox.time-zone}");
        config.put(BANK_URL, bankUrl);
        config.put(FLAKY_PORT, String.valueOf(flakyPort));
        String relayed = "psd2.providers." + RELAYED + ".";
        int relayedPort = freePort();
        config.put(relayed + "name", "Bank reached through a relay a test steers");
        config.put(relayed + "bank-url", "http://localhost:" + relayedPort);
        config.put(relayed + "bank-credential", "${psd2.providers.sandbox.bank-credential}");
        config.put(relayed + "connect-timeout", "1S");
        config.put(relayed + "read-timeout", "30S");
        config.put(relayed + "payment-products", "sepa-credit-transfers");
        config.put(relayed + "sca-approaches", "REDIRECT");
        config.put(relayed + "time-zone", "${psd2.providers.sandbox.time-zone}");
        config.put(RELAYED_PORT, String.valueOf(relayedPort));
        String farEast = "psd2.providers." + FAR_EAST + ".";
        config.put(farEast + "name", "The sandbox bank on the other side of the date line");
        config.put(farEast + "bank-url", bankUrl);
        config.put(farEast + "bank-credential", "${psd2.providers.sandbox.bank-credential}");
        config.put(farEast + "payment-products", "sepa-credit-transfers");
        config.put(farEast + "sca-approaches", "REDIRECT");
        config.put(farEast + "time-zone", FAR_EAST_ZONE);
        return config;
    }

    @Override
    public void stop() {
        if (bank != null) {
            bank.close();
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
