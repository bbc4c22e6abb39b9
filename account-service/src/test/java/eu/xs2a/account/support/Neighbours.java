package eu.xs2a.account.support;

import eu.xs2a.testsupport.ServiceProcess;
import eu.xs2a.testsupport.SwitchableProxy;
import eu.xs2a.testsupport.TestPki;
import java.util.Map;

/**
 * The real neighbours of account-service, started once per test JVM from their built jars
 * ({@code mvn -o -q install -DskipTests -pl aspsp-sandbox,consent-service}): the sandbox bank on
 * xs2a_aspsp_account_test and consent-service on xs2a_consent_account_test, which trusts the test CA and verifies
 * account-service's service token with the public key of {@link ServiceKeys}.
 * <p>
 * Quarkus loads test classes again for every application restart, so a plain static field would start the
 * neighbours once per test class. Their addresses are therefore kept in system properties (strings only: other
 * code reads every system property as a string), which every class loader of the JVM sees.
 */
public final class Neighbours {

    /** psu-slow's bank calls take this long; account-service's read timeout (3 s) is shorter, consent-service's longer. */
    static final String SLOW_DELAY = "6S";
    static final String CONSENT_SERVICE_BANK_TIMEOUT = "20S";
    private static final String SANDBOX = "eu.xs2a.account.test.sandbox-url";
    private static final String CONSENT_SERVICE = "eu.xs2a.account.test.consent-service-url";
    private static final String SANDBOX2_PORT = "eu.xs2a.account.test.sandbox2-bank-port";
    /** While "true", the proxy in front of provider sandbox2's bank cuts every connection. */
    private static final String SANDBOX2_DOWN = "eu.xs2a.account.test.sandbox2-bank-down";

    private Neighbours() {
    }

    public static Neighbours get() {
        synchronized (System.getProperties()) {
            if (System.getProperty(SANDBOX) == null) {
                start();
            }
            return new Neighbours();
        }
    }

    private static void start() {
        ServiceProcess sandbox = ServiceProcess.startOnCleanDatabase("aspsp-sandbox", "xs2a_aspsp_account_test",
                Map.of("SANDBOX_SLOW_DELAY", SLOW_DELAY));
        ServiceProcess consents = ServiceProcess.startOnCleanDatabase("consent-service", "xs2a_consent_account_test",
                Map.of("PSD2_SANDBOX_BANK_URL", sandbox.baseUrl(),
                        "PSD2_PROVIDERS_SANDBOX_READ_TIMEOUT", CONSENT_SERVICE_BANK_TIMEOUT,
                        "PSD2_PROVIDERS_SANDBOX2_READ_TIMEOUT", CONSENT_SERVICE_BANK_TIMEOUT,
                        "PSD2_ENVIRONMENT", "sandbox",
                        "PSD2_TRUST_ANCHORS", TestPki.shared().caPemFile().toString(),
                        "MP_JWT_VERIFY_PUBLICKEY_LOCATION", ServiceKeys.shared().publicPem().toString()));
        SwitchableProxy proxy = new SwitchableProxy(0, "localhost", sandbox.port(),
                () -> Boolean.getBoolean(SANDBOX2_DOWN)).up();
        System.setProperty(SANDBOX, sandbox.baseUrl());
        System.setProperty(CONSENT_SERVICE, consents.baseUrl());
        System.setProperty(SANDBOX2_PORT, String.valueOf(proxy.port()));
    }

    public String sandboxUrl() {
        return System.getProperty(SANDBOX);
    }

    public String consentServiceUrl() {
        return System.getProperty(CONSENT_SERVICE);
    }

    /** The port where account-service reaches the bank for provider sandbox2 (consent-service goes direct). */
    public int sandbox2BankPort() {
        return Integer.parseInt(System.getProperty(SANDBOX2_PORT));
    }

    /** Cuts account-service's connection to the bank of provider sandbox2: the bank is down for it. */
    public void sandbox2BankDown() {
        System.setProperty(SANDBOX2_DOWN, "true");
    }

    public void sandbox2BankUp() {
        System.setProperty(SANDBOX2_DOWN, "false");
    }
}
