package eu.xs2a.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A misspelt key under the platform's prefixes is named at start, with the keys its place has; so is a misspelt
 * environment variable of such a key's form.
 */
class UnknownSettingsCheckTest {

    @Test
    void knownKeysPassWhereverTheyStand() {
        assertEquals(List.of(), UnknownSettingsCheck.refusals(List.of(
                "psd2.providers.bank.max-execution-days-ahead", "psd2.providers.bank.payment-products[0]",
                "psd2.providers.\"b.c\".name", "psd2.tasks.type.any.lease", "psd2.tasks.poll-every",
                "psd2.bank-client.circuit-breaker.delay", "psd2.bank-client.provider.bank.max-concurrent-calls",
                "psd2.kpi.max-range", "psd2.notifications.seal-key",
                // other prefixes are not the platform's
                "psd2.providers-file", "psd2.public-base-url", "consent.anything", "PSD2_PROVIDERS_SANDBOX_X"),
                List.of()));
    }

    @Test
    void aMisspeltKeyIsNamedWithItsNeighbours() {
        List<String> refusals = UnknownSettingsCheck.refusals(List.of("psd2.providers.bank.max-execution-day-ahead",
                "psd2.tasks.type.payment-submission.leas", "psd2.bank-client.circuitBreaker.delay"), List.of());
        assertEquals(3, refusals.size(), refusals.toString());
        assertTrue(refusals.get(0).startsWith("psd2.bank-client.circuitBreaker.delay is not a setting"),
                refusals.get(0));
        assertTrue(refusals.get(1).startsWith("psd2.providers.bank.max-execution-day-ahead is not a setting (the keys"
                + " there: bank-credential, bank-url, connect-timeout, instant-max-amount, max-consent-validity-days,"
                + " max-execution-days-ahead, "), refusals.get(1));
        assertTrue(refusals.get(2).startsWith("psd2.tasks.type.payment-submission.leas is not a setting (the keys"
                + " there: backoff-base, backoff-cap, give-up-after, lease, max-run)"), refusals.get(2));
        assertTrue(refusals.get(2).endsWith("a misspelt key is ignored, its setting left at its default. The service"
                + " does not start."), refusals.get(2));
    }

    /** A service's mapping (defaults only, so that the library's own Quarkus tests start without its keys). */
    @ConfigMapping(prefix = "demo-service")
    interface DemoSettings {
        @WithDefault("5S")
        Duration every();

        Map<String, Kind> kind();

        interface Kind {
            @WithDefault("1")
            int size();
        }
    }

    @Test
    void aServicesOwnPrefixIsCheckedWhenItNamesItsMappings() {
        List<String> names = List.of("demo-service.every", "demo-service.kind.big.size", "demo-service.evry",
                "demo-service.kind.big.sise");
        assertEquals(List.of(), UnknownSettingsCheck.refusals(names, List.of()), "not named: not checked");
        List<String> refusals = UnknownSettingsCheck.refusals(names, List.of(DemoSettings.class));
        assertEquals(2, refusals.size(), refusals.toString());
        assertTrue(refusals.get(0).startsWith("demo-service.evry is not a setting (the keys there: every)"),
                refusals.get(0));
        assertTrue(refusals.get(1).startsWith("demo-service.kind.big.sise is not a setting (the keys there: size)"),
                refusals.get(1));
    }

    @Test
    void variablesOfASettingsFormOrAPlaceholderPass() {
        assertEquals(List.of(), UnknownSettingsCheck.environmentRefusals(List.of(
                "PSD2_PROVIDERS_SANDBOX_BANK_URL", "PSD2_PROVIDERS_SANDBOX_OAUTH_PRE_MAX_CONSENT_VALIDITY_DAYS",
                "PSD2_PROVIDERS_SANDBOX_PAYMENT_PRODUCTS", "PSD2_PROVIDERS_SANDBOX_PAYMENT_PRODUCTS_0_",
                "PSD2_TASKS_TYPE_PAYMENT_SUBMISSION_LEASE", "PSD2_TASKS_POLL_EVERY",
                "PSD2_BANK_CLIENT_PROVIDER_SANDBOX_MAX_CONCURRENT_CALLS", "PSD2_KPI_MAX_RANGE",
                "PSD2_NOTIFICATIONS_SEAL_KEY",
                // placeholders of the configuration files (the provider registry's file, a bank's URL)
                "PSD2_PROVIDERS_FILE", "PSD2_TASKS_OF_THE_OPERATOR",
                // other forms are not the platform's
                "PSD2_TRUST_ANCHORS", "PSD2_ENVIRONMENT", "PSD2_PROVIDERSX", "HOME", "psd2_providers_x_y"),
                Set.of("PSD2_PROVIDERS_FILE", "PSD2_TASKS_OF_THE_OPERATOR"), List.of()));
    }

    @Test
    void aMisspeltVariableIsNamedWithTheFormItMisses() {
        List<String> refusals = UnknownSettingsCheck.environmentRefusals(List.of("PSD2_TASKS_POLL_EVRY",
                "PSD2_NOTIFICATIONS_SEAL_CERTIFICAT", "PSD2_PROVIDERS_SANDBOX_BANK_URLL", "PSD2_PROVIDERS_FILES"),
                Set.of("PSD2_PROVIDERS_FILE"), List.of());
        assertEquals(4, refusals.size(), refusals.toString());
        assertTrue(refusals.get(0).startsWith("Environment variable PSD2_NOTIFICATIONS_SEAL_CERTIFICAT is not a"
                + " setting: no key under psd2.notifications has its form (PSD2_NOTIFICATIONS_ and the key's words in"
                + " capitals joined by _) and no configuration file uses it as a placeholder"), refusals.get(0));
        assertTrue(refusals.get(1).startsWith("Environment variable PSD2_PROVIDERS_FILES is not a setting"),
                refusals.get(1));
        assertTrue(refusals.get(2).startsWith("Environment variable PSD2_PROVIDERS_SANDBOX_BANK_URLL is not a"
                + " setting: no key under psd2.providers"), refusals.get(2));
        assertTrue(refusals.get(3).endsWith("a misspelt variable is ignored, its setting left at its default. The"
                + " service does not start."), refusals.get(3));
    }

    @Test
    void aServicesOwnVariablesAreCheckedWhenItNamesItsMappings() {
        List<String> variables = List.of("DEMO_SERVICE_EVERY", "DEMO_SERVICE_KIND_BIG_SIZE", "DEMO_SERVICE_EVRY");
        assertEquals(List.of(), UnknownSettingsCheck.environmentRefusals(variables, Set.of(), List.of()));
        List<String> refusals = UnknownSettingsCheck.environmentRefusals(variables, Set.of(),
                List.of(DemoSettings.class));
        assertEquals(1, refusals.size(), refusals.toString());
        assertTrue(refusals.get(0).startsWith("Environment variable DEMO_SERVICE_EVRY is not a setting: no key"
                + " under demo-service"), refusals.get(0));
    }
}
