package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.testsupport.RawHttp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a TPP gets from the ingress when a service's answer is lost (docs/ARCHITECTURE.md "Lost answers and safe
 * retries"): payment-service here is a {@link HangUpUpstream} that reads each request whole and closes the
 * connection unanswered (as a service killed mid-request), consent-service is down (its port refuses). A request that
 * creates or changes something gets the standard 503 saying its outcome is unknown and that only a retry with the
 * same X-Request-ID and body is safe; a read gets "retry later".
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NginxLostAnswerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PAYMENTS = "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers";
    private static final String CONSENTS = "/sandbox/api/berlingroup/v1/consents";

    private HangUpUpstream payments;
    private LocalNginx nginx;
    private int port;

    @BeforeAll
    void startIngress() throws Exception {
        payments = new HangUpUpstream();
        port = Repo.freePort();
        List<String> args = new ArrayList<>(List.of("--listen", String.valueOf(port), "--workers", "1",
                "--upstream", "payment-service=" + payments.port));
        // every other service down: nothing of a stack a developer runs on the fixed ports is reached
        for (String down : List.of("consent-service", "account-service", "registration-service")) {
            args.addAll(List.of("--upstream", down + "=" + Repo.freePort()));
        }
        nginx = LocalNginx.start("lost-answer", port, args);
    }

    @AfterAll
    void stop() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
        payments.close();
    }

    /** The service received the create and closed the connection: nginx's 502, answered as an unknown outcome. */
    @Test
    void aCreateWhoseAnswerWasLostSaysItsOutcomeIsUnknownAndHowToRetry() throws IOException {
        String requestId = UUID.randomUUID().toString();
        RawHttp.Response r = RawHttp.send(port, "POST", PAYMENTS, Map.of("X-Request-ID", requestId,
                "Content-Type", "application/json"), "{}".getBytes(StandardCharsets.UTF_8));

        assertTrue(payments.received.contains("POST " + PAYMENTS + " HTTP/1.1"),
                "the service received the request: " + payments.received);
        assertOutcomeUnknown(r, requestId);
    }

    /**
     * Any other change whose answer was lost: its outcome is unknown too, but only a create is answered again for its
     * X-Request-ID (the same id again is "already used"), so the page says to read the resource first.
     */
    @ParameterizedTest
    @ValueSource(strings = {"PUT", "DELETE"})
    void anotherChangeWhoseAnswerWasLostIsToBeReadBeforeItIsSentAgain(String method) throws IOException {
        String requestId = UUID.randomUUID().toString();
        String path = PAYMENTS + "/p-1";
        RawHttp.Response r = RawHttp.send(port, method, path, Map.of("X-Request-ID", requestId,
                "Content-Type", "application/json"), "{}".getBytes(StandardCharsets.UTF_8));

        assertTrue(payments.received.contains(method + " " + path + " HTTP/1.1"),
                "the service received the request: " + payments.received);
        JsonNode body = serviceUnavailable(r);
        assertEquals(requestId, r.header("X-Request-ID"));
        String message = body.path("error_message").asText();
        assertTrue(message.contains("the outcome of this request is unknown"), message);
        assertTrue(message.contains("Read the resource (its status, or the scaStatus of its authorisation) before sending it"
                + " again, then with a new X-Request-ID"), message);
        assertFalse(message.contains("Retry only with the same X-Request-ID"), message);
    }

    /** Nothing reached the service (connection refused): the same answer, since the safe retry is the same. */
    @Test
    void aChangeThatReachedNoServiceGetsTheSameRule() throws IOException {
        String requestId = UUID.randomUUID().toString();
        RawHttp.Response r = RawHttp.send(port, "POST", CONSENTS, Map.of("X-Request-ID", requestId,
                "Content-Type", "application/json"), "{}".getBytes(StandardCharsets.UTF_8));
        assertOutcomeUnknown(r, requestId);
    }

    @ParameterizedTest
    @ValueSource(strings = {PAYMENTS + "/p-1/status", CONSENTS + "/c-1"})
    void aReadWhoseAnswerWasLostIsToBeRetriedLater(String path) throws IOException {
        RawHttp.Response r = RawHttp.send(port, "GET", path, Map.of("X-Request-ID", UUID.randomUUID().toString()), null);
        JsonNode body = serviceUnavailable(r);
        assertEquals("The service is temporarily unavailable; retry later", body.path("error_message").asText());
    }

    /** A PSU's browser whose callback lost its answer is asked to try the link again, on a page. */
    @Test
    void aBrowserWhoseAnswerWasLostGetsAPageToTryAgain() throws IOException {
        String callback = PAYMENTS + "/p-2/sca-callback?state=s";
        RawHttp.Response r = RawHttp.send(port, "GET", callback, Map.of("Accept", IngressPages.BROWSER_ACCEPT), null);
        assertTrue(payments.received.stream().anyMatch(line -> line.startsWith("GET " + PAYMENTS + "/p-2/sca-callback")),
                "the service received the request: " + payments.received);
        IngressPages.assertPage(r, 503, "The bank cannot be reached right now");
        assertEquals("5", r.header("Retry-After"));

        RawHttp.Response json = RawHttp.send(port, "GET", callback, Map.of("Accept", "application/json"), null);
        assertEquals("The service is temporarily unavailable; retry later",
                serviceUnavailable(json).path("error_message").asText());
    }

    private static void assertOutcomeUnknown(RawHttp.Response r, String requestId) throws IOException {
        JsonNode body = serviceUnavailable(r);
        assertEquals(requestId, r.header("X-Request-ID"));
        String message = body.path("error_message").asText();
        assertTrue(message.contains("the outcome of this request is unknown"), message);
        assertTrue(message.contains("Retry only with the same X-Request-ID and the same body"), message);
        assertFalse(message.contains("retry later"), message);
    }

    /** The standard 503 body with Retry-After, as the services give it. */
    private static JsonNode serviceUnavailable(RawHttp.Response r) throws IOException {
        assertEquals(503, r.status(), r.bodyText());
        assertEquals("application/json", r.header("Content-Type"));
        assertEquals("5", r.header("Retry-After"));
        JsonNode body = JSON.readTree(r.body());
        assertEquals("ServiceUnavailable", body.path("error_text").asText());
        assertEquals("SERVICE_UNAVAILABLE", body.path("error_code").asText());
        assertEquals("SERVICE_UNAVAILABLE", body.path("tppMessages").get(0).path("code").asText());
        assertEquals(body.path("error_message").asText(), body.path("tppMessages").get(0).path("text").asText());
        return body;
    }
}
