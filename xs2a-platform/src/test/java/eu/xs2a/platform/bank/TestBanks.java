package eu.xs2a.platform.bank;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Providers for the bank client's tests, each with its own {@link TestBank} listening from the start:
 * {@code alpha} and {@code beta} for the circuit, {@code gamma} and {@code delta} for the bulkhead, {@code table}
 * for the translation; {@code silent}'s bank does not listen at all (port 1 is never served here). Every guard is small: two calls at once, a circuit that opens after
 * four calls of which half failed, and stays open for an hour (no test waits for it); {@code table}'s own window is
 * large enough never to open.
 */
public class TestBanks implements QuarkusTestResourceLifecycleManager {

    static final List<String> PROVIDERS = List.of("alpha", "beta", "gamma", "delta", "table", "silent");

    private static final Map<String, TestBank> BANKS = new ConcurrentHashMap<>();

    /** The provider's bank, as new, for one test. */
    static TestBank bank(String providerCode) {
        return BANKS.get(providerCode).reset();
    }

    @Override
    public Map<String, String> start() {
        Map<String, String> config = new HashMap<>();
        for (String code : PROVIDERS) {
            String prefix = "psd2.providers." + code + ".";
            config.put(prefix + "name", "Test bank " + code);
            config.put(prefix + "bank-url", "http://localhost:" + port(code));
            config.put(prefix + "bank-credential", code + "-credential");
            config.put(prefix + "read-timeout", "30S");
            config.put(prefix + "payment-products", "sepa-credit-transfers");
            config.put(prefix + "time-zone", "Europe/Berlin");
        }
        config.put("psd2.bank-client.max-concurrent-calls", "2");
        config.put("psd2.bank-client.circuit-breaker.request-volume", "4");
        config.put("psd2.bank-client.circuit-breaker.failure-ratio", "0.5");
        config.put("psd2.bank-client.circuit-breaker.delay", "1H");
        config.put("psd2.bank-client.provider.table.circuit-breaker.request-volume", "1000");
        return config;
    }

    private static int port(String code) {
        if (code.equals("silent")) {
            return 1;
        }
        return BANKS.computeIfAbsent(code, c -> TestBank.listen()).port();
    }

    @Override
    public void stop() {
        BANKS.values().forEach(TestBank::stop);
        BANKS.clear();
    }
}
