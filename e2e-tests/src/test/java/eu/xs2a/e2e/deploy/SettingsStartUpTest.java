package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.support.Lanes;
import eu.xs2a.e2e.support.Stack;
import eu.xs2a.testsupport.ServiceProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A setting out of range, an SCA approach the standard does not know, settings wrong together or a misspelt key stop a
 * packaged service at start, each named in its log, instead of a gateway that runs with them (the module tests'
 * {@code *SettingsTest} go through each mapping's bounds): settings in the provider registry (the ConfigMap of k8s/),
 * a shared library's and the service's own, the latter two as the environment variables a deployment sets, and a
 * misspelt variable.
 */
@ResourceLock(Lanes.OWN_STACKS)
class SettingsStartUpTest {

    private static final String DAYS_AHEAD = "psd2.providers.sandbox.max-execution-days-ahead";

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "registration-service | PSD2_SANDBOX_CERTIFICATE_VALIDITY_DAYS  | 0   "
                    + "| psd2.sandbox.certificate-validity-days must be greater than 0",
            "consent-service      | CONSENT_SCA_DEADLINE                    | -1H "
                    + "| consent.sca-deadline must be longer than 0",
            "account-service      | PSD2_CONSENT_LOOKUP_PRESENT_ANSWERS_FOR | 5S  "
                    + "| psd2.consent-lookup.present-answers-for must be shorter than or equal to 1 second",
            "payment-service      | PAYMENT_STATUS_POLLING_BATCH_SIZE       | 0   "
                    + "| payment.status-polling.batch-size must be greater than 0"})
    void aSettingOutOfRangeStopsTheServiceAtStart(String module, String variable, String value, String expected)
            throws IOException {
        assertRefusedAtStart(module, DAYS_AHEAD + "=-1", Map.of(variable, value, "PSD2_TASKS_BATCH_SIZE", "0"),
                "Configuration validation failed", expected, DAYS_AHEAD + " must be greater than or equal to 0",
                "psd2.tasks.batch-size must be greater than 0");
    }

    /**
     * Settings each in range but wrong together: a task type's backoff base above its cap, and notifications given up
     * by the task runtime before their own give-up (TaskSettingsCheck, at start).
     */
    @Test
    void settingsThatHoldOnlyTogetherStopTheServiceAtStart() throws IOException {
        assertRefusedAtStart("consent-service", "psd2.tasks.type.consent-forward.backoff-base=1H\n"
                        + "psd2.tasks.type.notification.give-up-after=1H", Map.of(),
                "psd2.tasks.type.consent-forward.backoff-base (PT1H) is longer than psd2.tasks.backoff-cap",
                "psd2.notifications.give-up-after (PT24H) is not shorter than"
                        + " psd2.tasks.type.notification.give-up-after (PT1H)");
    }

    /** The enum's converter fails the whole provider mapping: reported alone, before any bound of the same mapping. */
    @Test
    void anScaApproachTheStandardDoesNotKnowStopsTheServiceAtStart() throws IOException {
        assertRefusedAtStart("consent-service", "psd2.providers.sandbox2.sca-approaches=REDIRECT,OAUTH", Map.of(),
                "Configuration validation failed",
                "psd2.providers.sandbox2.sca-approaches with the config value \"REDIRECT,OAUTH\"",
                "Cannot convert OAUTH to enum class eu.xs2a.platform.sca.ScaApproach");
    }

    /** A misspelt key of the provider registry would leave its setting at the default in silence. */
    @Test
    void aMisspeltKeyStopsTheServiceAtStart() throws IOException {
        assertRefusedAtStart("payment-service", "psd2.providers.sandbox.max-execution-day-ahead=30", Map.of(),
                "psd2.providers.sandbox.max-execution-day-ahead is not a setting (the keys there: bank-credential,");
    }

    /**
     * So would one of a service's own settings, in any configuration file (here the one of the registry): under
     * {@code psd2} named by UnknownSettingsCheck, under a root of the service's own by SmallRye.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "account-service | psd2.account-data.max-bank-page=5 | psd2.account-data.max-bank-page is not a setting"
                    + " (the keys there: ",
            "payment-service | payment.status-polling.batch-sise=10 | SRCFG00050: payment.status-polling.batch-sise"})
    void aMisspeltKeyOfTheServicesOwnStopsItAtStart(String module, String line, String expected) throws IOException {
        assertRefusedAtStart(module, line, Map.of(), expected);
    }

    /**
     * A misspelt environment variable of a setting's form, as a Deployment sets them, would be ignored as silently; the
     * stack's own variables (the provider registry's placeholders among them) start every service elsewhere.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "payment-service | PSD2_PROVIDERS_SANDBOX_MAX_EXECUTION_DAY_AHEAD | 30",
            "account-service | PSD2_CONSENT_LOOKUP_URLL                      | http://localhost:1"})
    void aMisspeltVariableStopsTheServiceAtStart(String module, String variable, String value) throws IOException {
        assertRefusedAtStart(module, "", Map.of(variable, value), "Environment variable " + variable
                + " is not a setting: no key under");
    }

    /**
     * The module started with more lines in the provider registry (read as any other configuration file) and
     * {@code variables}: it exits during start, its log saying each line of {@code expected}.
     */
    private static void assertRefusedAtStart(String module, String providerLine, Map<String, String> variables,
                                             String... expected) throws IOException {
        Path providers = Files.createTempFile("providers-", ".properties");
        Files.writeString(providers, Files.readString(Repo.path("config/providers.properties"))
                + "\n" + providerLine + "\n");
        Map<String, String> env = new HashMap<>(Stack.get().environment(module));
        env.put("PSD2_PROVIDERS_FILE", providers.toString());
        env.putAll(variables);
        ServiceProcess service = ServiceProcess.launch(module, env, ServiceProcess.freePort());
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, service::awaitReady);
            assertTrue(e.getMessage().contains("exited during start"), e.getMessage());
            String log = Files.readString(service.log());
            for (String line : expected) {
                assertTrue(log.contains(line), "the log says '" + line + "': " + log);
            }
        } finally {
            service.close();
            Files.delete(providers);
        }
    }
}
