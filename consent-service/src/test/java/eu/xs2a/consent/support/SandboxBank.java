package eu.xs2a.consent.support;

import eu.xs2a.testsupport.ServiceProcess;
import eu.xs2a.testsupport.TestProvider;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
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
    private static final Duration SEED_TIMEOUT = Duration.ofSeconds(90);
    private ServiceProcess bank;

    @Override
    public Map<String, String> start() {
        bank = ServiceProcess.startOnCleanDatabase("aspsp-sandbox", "xs2a_aspsp_consent_test",
                Map.of("SANDBOX_SERVICE_CREDENTIAL", CREDENTIAL));
        awaitSeeded(bank.baseUrl());
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

    /**
     * The bank reports ready before its seed data (the sandbox PSUs) is in; the journeys need psu1, so wait until
     * psu1 can log in to the online banking (bounded; a bank that never gets there fails the run here).
     */
    private static void awaitSeeded(String baseUrl) {
        HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
        // a form post carries the CSRF token twice, as cookie and field (BANK-API.md); a browser gets it from a page,
        // this probe brings its own
        String csrf = java.util.UUID.randomUUID().toString();
        HttpRequest login = HttpRequest.newBuilder(URI.create(baseUrl + "/online-banking/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Cookie", "SANDBOX_CSRF=" + csrf)
                .POST(HttpRequest.BodyPublishers.ofString("csrf=" + csrf + "&username=psu1&password=sandbox")).build();
        Instant deadline = Instant.now().plus(SEED_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            try {
                if (client.send(login, HttpResponse.BodyHandlers.discarding()).statusCode() == 303) {
                    return;
                }
                Thread.sleep(250);
            } catch (IOException e) {
                // not answering yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new IllegalStateException("aspsp-sandbox did not seed psu1 within " + SEED_TIMEOUT);
    }

}
