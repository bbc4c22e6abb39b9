package eu.xs2a.testsupport;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One more provider in a test application's configuration ({@code psd2.providers.<code>.*}), as a Quarkus test
 * resource returns it: a bank the test steers (down until it opens a proxy, behind a relay) or the sandbox bank in
 * another time zone. What is not set is the provider registry's default.
 */
public final class TestProvider {

    private final String prefix;
    private final Map<String, String> config = new LinkedHashMap<>();

    private TestProvider(String code) {
        this.prefix = "psd2.providers." + code + ".";
    }

    public static TestProvider of(String code, String name, String bankUrl) {
        return new TestProvider(code).set("name", name).set("bank-url", bankUrl);
    }

    /** The bank credential of another provider of the same bank (a reference the configuration resolves). */
    public TestProvider credentialOf(String provider) {
        return set("bank-credential", "${psd2.providers." + provider + ".bank-credential}");
    }

    public TestProvider credential(String credential) {
        return set("bank-credential", credential);
    }

    public TestProvider timeouts(String connect, String read) {
        return set("connect-timeout", connect).set("read-timeout", read);
    }

    public TestProvider paymentProducts(String products) {
        return set("payment-products", products);
    }

    public TestProvider scaApproaches(String approaches) {
        return set("sca-approaches", approaches);
    }

    public TestProvider timeZone(String zone) {
        return set("time-zone", zone);
    }

    /** The time zone of another provider (the same bank's calendar). */
    public TestProvider timeZoneOf(String provider) {
        return timeZone("${psd2.providers." + provider + ".time-zone}");
    }

    /** How many days ahead the provider's bank takes a future-dated payment. */
    public TestProvider maxExecutionDaysAhead(int days) {
        return set("max-execution-days-ahead", Integer.toString(days));
    }

    /** The OAuth SCA approach (docs/ARCHITECTURE.md "OAuth SCA approach"). */
    public TestProvider oauthSca() {
        return set("oauth-sca", "true");
    }

    /** The OAuth pre-step: a PSU's access token before every AIS and PIS call. */
    public TestProvider oauthPreStep() {
        return set("oauth-pre-step", "true");
    }

    public Map<String, String> config() {
        return Map.copyOf(config);
    }

    private TestProvider set(String key, String value) {
        config.put(prefix + key, value);
        return this;
    }
}
