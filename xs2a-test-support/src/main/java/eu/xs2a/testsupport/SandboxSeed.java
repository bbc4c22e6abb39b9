package eu.xs2a.testsupport;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * aspsp-sandbox reports ready before its seed data (the sandbox PSUs) is in; a test that needs psu1 waits here until
 * psu1 can log in to the online banking (bounded; a bank that never gets there fails the run).
 */
public final class SandboxSeed {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    private SandboxSeed() {
    }

    public static void await(String baseUrl) {
        HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
        // a form post carries the CSRF token twice, as cookie and field (BANK-API.md); a browser gets it from a page,
        // this probe brings its own
        String csrf = UUID.randomUUID().toString();
        HttpRequest login = HttpRequest.newBuilder(URI.create(baseUrl + "/online-banking/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Cookie", "SANDBOX_CSRF=" + csrf)
                .POST(HttpRequest.BodyPublishers.ofString("csrf=" + csrf + "&username=psu1&password=sandbox")).build();
        Instant deadline = Instant.now().plus(TIMEOUT);
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
        throw new IllegalStateException("aspsp-sandbox did not seed psu1 within " + TIMEOUT);
    }
}
