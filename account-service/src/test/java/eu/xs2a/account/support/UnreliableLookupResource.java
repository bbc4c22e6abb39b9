package eu.xs2a.account.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * consent-service's lookup as it looks when it fails: a real HTTP server on a free port whose next answers the test
 * chooses (status, body, delay), for the failures the real consent-service cannot be made to produce on demand. It
 * keeps the last request it received, so a test can see what account-service sent.
 */
public class UnreliableLookupResource extends LocalHttpServerResource {

    /** What the lookup answers next, until changed. */
    public record Answer(int status, String body, long delayMillis) {
    }

    /** A request as the lookup received it. */
    public record Received(String authorization, String contentType, String body) {
    }

    /** Read timeout of account-service's lookup client in these tests (the delay of a "too slow" answer exceeds it). */
    public static final long READ_TIMEOUT_MILLIS = 1_000;
    /** The opt-in reuse of PSU-present answers, switched on here to be tested (ConsentLookupFailuresTest). */
    public static final long PRESENT_ANSWERS_FOR_MILLIS = 500;

    private static volatile Answer next = new Answer(500, "", 0);
    private static volatile Received last;
    private static final AtomicInteger ASKED = new AtomicInteger();

    public static void answer(int status, String body, long delayMillis) {
        next = new Answer(status, body, delayMillis);
    }

    public static Received last() {
        return last;
    }

    /** How many questions have reached this lookup so far. */
    public static int asked() {
        return ASKED.get();
    }

    @Override
    protected Map<String, HttpHandler> handlers() {
        return Map.of("/internal/v1/consent-checks", UnreliableLookupResource::lookup);
    }

    /** Keeps the request, then answers as {@link #answer} last said. */
    private static void lookup(HttpExchange exchange) throws IOException {
        ASKED.incrementAndGet();
        last = new Received(exchange.getRequestHeaders().getFirst("Authorization"),
                exchange.getRequestHeaders().getFirst("Content-Type"),
                new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        Answer answer = next;
        try {
            Thread.sleep(answer.delayMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(answer.status(), body.length == 0 ? -1 : body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    @Override
    protected Map<String, String> config(String url) {
        String closed = "http://localhost:" + NoNeighboursResource.closedPort();
        return Map.of(
                "psd2.consent-lookup.url", url,
                "psd2.consent-lookup.read-timeout", READ_TIMEOUT_MILLIS + "ms",
                "psd2.consent-lookup.present-answers-for", PRESENT_ANSWERS_FOR_MILLIS + "ms",
                "psd2.providers.sandbox.bank-url", closed,
                "psd2.providers.sandbox2.bank-url", closed,
                "smallrye.jwt.sign.key.location", ServiceKeys.shared().privateJwk().toString());
    }
}
