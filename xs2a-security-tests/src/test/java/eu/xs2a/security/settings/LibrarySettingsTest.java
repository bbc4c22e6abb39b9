package eu.xs2a.security.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.bank.BankClientConfig;
import eu.xs2a.platform.kpi.KpiConfig;
import eu.xs2a.platform.notify.NotificationsConfig;
import eu.xs2a.platform.provider.ProvidersConfig;
import eu.xs2a.platform.task.TaskConfig;
import eu.xs2a.security.quarkus.SecurityConfig;
import eu.xs2a.testsupport.SettingsCheck;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shared libraries' settings are bounded: a number or duration out of range stops every service at start with a
 * line naming the setting (Bean Validation on the {@code @ConfigMapping}s), instead of a gateway that runs with a
 * negative timeout, an empty batch or a payment horizon before today.
 */
class LibrarySettingsTest {

    private static final Map<String, Class<?>> MAPPINGS = Map.of(
            "providers", ProvidersConfig.class,
            "tasks", TaskConfig.class,
            "bank-client", BankClientConfig.class,
            "kpi", KpiConfig.class,
            "notifications", NotificationsConfig.class,
            "security", SecurityConfig.class);

    /** A provider's required settings, so that only the one under test can be wrong. */
    private static final Map<String, String> PROVIDER = Map.of(
            "psd2.providers.bank.name", "Bank",
            "psd2.providers.bank.bank-url", "http://127.0.0.1:9",
            "psd2.providers.bank.bank-credential", "secret",
            "psd2.providers.bank.payment-products", "sepa-credit-transfers",
            "psd2.providers.bank.time-zone", "Europe/Berlin");

    @Test
    void everyNumberAndDurationIsBounded() {
        MAPPINGS.values().forEach(mapping ->
                assertEquals(List.of(), SettingsCheck.unconstrained(mapping), mapping.getName()));
    }

    @Test
    void theDefaultsAreInRange() {
        assertEquals(List.of(), SettingsCheck.problems(ProvidersConfig.class, PROVIDER));
        MAPPINGS.values().stream().filter(mapping -> mapping != ProvidersConfig.class).forEach(mapping ->
                assertEquals(List.of(), SettingsCheck.problems(mapping, Map.of()), mapping.getName()));
    }

    /** The provider registries of the repository: bin/run's and the Kubernetes overlays' ConfigMaps. */
    @ParameterizedTest
    @ValueSource(strings = {"config/providers.properties", "k8s/overlays/sandbox/providers.properties",
            "k8s/overlays/live/providers.properties"})
    void theShippedProviderRegistriesAreInRange(String file) throws IOException {
        Properties registry = new Properties();
        try (Reader reader = Files.newBufferedReader(Path.of("..", file))) {
            registry.load(reader);
        }
        Map<String, String> settings = new HashMap<>();
        registry.stringPropertyNames().forEach(key -> settings.put(key, registry.getProperty(key)));
        settings.put("PSD2_EXAMPLEBANK_BANK_CREDENTIAL", "from its Secret"); // the live one has no default
        assertEquals(List.of(), SettingsCheck.problems(ProvidersConfig.class, settings));
    }

    @Test
    void aProviderOffersOnlyTheStandardsScaApproaches() {
        Map<String, String> settings = new HashMap<>(PROVIDER);
        settings.put("psd2.providers.bank.sca-approaches", "redirect, Embedded,DECOUPLED");
        assertEquals(List.of(), SettingsCheck.problems(ProvidersConfig.class, settings));
        settings.put("psd2.providers.bank.sca-approaches", "REDIRECT,OAUTH");
        List<String> problems = SettingsCheck.problems(ProvidersConfig.class, settings);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("psd2.providers.bank.sca-approaches")
                && problems.get(0).contains("OAUTH"), problems.get(0));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "providers     | psd2.providers.bank.read-timeout                         | 0S    | must be longer than 0",
            "providers     | psd2.providers.bank.connect-timeout                      | -1S   | must be longer than 0",
            "providers     | psd2.providers.bank.max-frequency-per-day                | 0     | must be greater than 0",
            "providers     | psd2.providers.bank.max-consent-validity-days            | 0     | must be greater than 0",
            "providers     | psd2.providers.bank.max-execution-days-ahead             | -1    "
                    + "| must be greater than or equal to 0",
            "providers     | psd2.providers.bank.instant-max-amount                   | 0.00  | must be greater than 0",
            "tasks         | psd2.tasks.batch-size                                    | 0     | must be greater than 0",
            "tasks         | psd2.tasks.give-up-after                                 | 0S    | must be longer than 0",
            "tasks         | psd2.tasks.type.payment-submission.lease                 | -30S  | must be longer than 0",
            "bank-client   | psd2.bank-client.retry-after-seconds                     | -1    "
                    + "| must be greater than or equal to 0",
            "bank-client   | psd2.bank-client.circuit-breaker.failure-ratio           | 1.5   "
                    + "| must be less than or equal to 1",
            "bank-client   | psd2.bank-client.max-concurrent-calls                    | 0     | must be greater than 0",
            "bank-client   | psd2.bank-client.provider.bank.max-concurrent-calls      | 0     | must be greater than 0",
            "bank-client   | psd2.bank-client.provider.bank.circuit-breaker.delay     | -1S   "
                    + "| must be longer than or equal to 0",
            "kpi           | psd2.kpi.unavailable-after                               | 0     | must be greater than 0",
            "notifications | psd2.notifications.order-wait                            | -1S   "
                    + "| must be longer than or equal to 0",
            "notifications | psd2.notifications.timeout                               | 0S    | must be longer than 0",
            "security      | psd2.max-body-size                                       | 0     | must be greater than 0",
            "security      | psd2.signature.max-clock-skew                            | -300S | must be longer than 0",
            "security      | psd2.revocation.max-wait                                 | 0S    | must be longer than 0"})
    void aSettingOutOfRangeIsNamed(String mapping, String setting, String value, String message) {
        Map<String, String> settings = new HashMap<>(mapping.equals("providers") ? PROVIDER : Map.of());
        settings.put(setting, value);
        assertEquals(List.of(setting + " " + message), SettingsCheck.problems(MAPPINGS.get(mapping), settings));
    }
}
