package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.e2e.support.Eventually;
import eu.xs2a.e2e.support.Lanes;
import eu.xs2a.e2e.support.Stack;
import eu.xs2a.testsupport.RawHttp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A header with a control byte, sent by a TPP through the real ingress (nginx passes \x01 and \x1b on; it refuses
 * \x00 itself) to each of the four services as bin/run starts them (packaged jars, no extra JVM option): the TPP gets
 * the standard FormatError body naming the header and the position, not Vert.x's empty 400 (docs/ARCHITECTURE.md
 * "Request pipeline"). And with Vert.x's own header checks off in the services, no input reaches the TPP as a
 * response header of its own. Requests are written on a plain socket ({@link RawHttp}): HTTP clients refuse such
 * headers.
 */
@ResourceLock(Lanes.SHARED_STACK)
class MalformedHeadersThroughIngressTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A path of each service's routes (k8s/routes.tsv) and the service that answers it. */
    private static final String ROUTES = """
            /api/berlingroup/v1/tpp, registration-service
            /sandbox/api/berlingroup/v1/consents, consent-service
            /sandbox/api/berlingroup/v1/accounts, account-service
            /sandbox/api/berlingroup/v1/payments/sepa-credit-transfers, payment-service""";

    private static int ingressPort() {
        return URI.create(Stack.get().baseUrl()).getPort();
    }

    private static RawHttp.Response get(String path, Map<String, String> headers) {
        return RawHttp.send(ingressPort(), "GET", path, headers, null);
    }

    /** The standard body's one message, after checking the body is the standard FormatError. */
    private static String formatError(RawHttp.Response r) throws IOException {
        assertEquals(400, r.status(), r.headers() + " " + r.bodyText());
        assertEquals("application/json", r.header("Content-Type"), r.headers().toString());
        JsonNode body = JSON.readTree(r.body());
        assertEquals("FORMAT_ERROR", body.path("error_code").asText(), r.bodyText());
        assertEquals("FormatError", body.path("error_text").asText(), r.bodyText());
        JsonNode message = body.path("tppMessages").path(0);
        assertEquals("ERROR", message.path("category").asText(), r.bodyText());
        assertEquals("FORMAT_ERROR", message.path("code").asText(), r.bodyText());
        return message.path("text").asText();
    }

    /** The port of the service nginx passed the request with this X-Request-ID to, and its status there. */
    private static String upstreamAnswer(String requestId) {
        return Eventually.eventually("the access log line of " + requestId, () -> {
            try {
                return Files.readAllLines(Stack.get().ingressAccessLog()).stream()
                        .filter(line -> line.contains("\"requestId\":\"" + requestId + "\""))
                        .map(line -> line.replaceFirst(".*\"upstream\":\"[^\"]*:(\\d+)\",\"upstreamStatus\":\"(\\d+)\".*",
                                "$1 $2"))
                        .findFirst().orElse(null);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, line -> line != null);
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(textBlock = ROUTES)
    void anEscapeInTheRequestIdReachesTheTppAsFormatError(String path, String service) throws IOException {
        RawHttp.Response r = get(path, Map.of("X-Request-ID", "abc\u001b"));
        assertEquals("Header X-Request-ID has character U+001B at position 4, which is not allowed in a header value"
                + " (no control characters but horizontal tab)", formatError(r), service);
        assertNull(r.header("X-Request-ID"), "a malformed X-Request-ID is echoed by no one");
    }

    /** The example of issue 50; the access log shows the service answered it, not nginx. */
    @ParameterizedTest(name = "{1}")
    @CsvSource(textBlock = ROUTES)
    void aControlByteInTheSignatureReachesTheTppAsFormatErrorFromTheService(String path, String service)
            throws IOException {
        String requestId = UUID.randomUUID().toString();
        RawHttp.Response r = get(path, Map.of("X-Request-ID", requestId, "Signature", "\u00e9\u00ff\u0001"));
        assertTrue(formatError(r).startsWith("Header Signature has character U+0001 at position 3,"), r.bodyText());
        assertEquals(requestId, r.header("X-Request-ID"));
        assertEquals(Stack.get().process(service).port() + " 400", upstreamAnswer(requestId), service);
    }

    /** Non-ASCII octets are no control bytes: the request goes on, and whatever refuses it answers in JSON. */
    @ParameterizedTest(name = "{1}")
    @CsvSource(textBlock = ROUTES)
    void nonAsciiOctetsGetAnAnswerInTheStandardBody(String path, String service) throws IOException {
        RawHttp.Response r = get(path, Map.of("X-Request-ID", UUID.randomUUID().toString(),
                "Signature", "\u00e9\u00ff", "PSU-ID", "\u00e9\u00ff"));
        assertTrue(r.status() >= 400 && r.status() < 500, r.status() + " " + r.bodyText());
        assertEquals("application/json", r.header("Content-Type"), service + ": " + r.headers());
        JsonNode body = JSON.readTree(r.body());
        assertEquals("ERROR", body.path("tppMessages").path(0).path("category").asText(), r.bodyText());
        assertNotEquals("", body.path("error_message").asText(), r.bodyText());
    }

    /**
     * CR LF from input, percent-encoded in a path or a query, or raw in a header value: no answer carries a header
     * made of it, whoever answers (a service, or nginx, which refuses a bare CR in a header itself).
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "/sandbox/api/berlingroup/v1/consents/c%0D%0AX-Injected:%20yes",
        "/sandbox/api/berlingroup/v1/consents/c/authorisations/a/sca-callback/s%0D%0AX-Injected:%20yes?code=%0D%0AX-Injected:%20yes",
        "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/p/authorisations/a/sca-redirect/t%0D%0AX-Injected:%20yes",
        "/api/berlingroup/v1/tpp?x=%0D%0AX-Injected:%20yes",
        "/sandbox/api/berlingroup/v1/accounts?withBalance=%0D%0AX-Injected:%20yes"})
    void noCrLfFromInputBecomesAResponseHeader(String target) {
        for (Map<String, String> headers : List.of(Map.<String, String>of(),
                Map.of("X-Request-ID", "r\rX-Injected: yes"), Map.of("X-Request-ID", "r\u000bX-Injected: yes"))) {
            RawHttp.Response r = get(target, headers);
            assertNull(r.header("X-Injected"), target + " " + headers.keySet() + ": " + r.headers());
            String head = r.headers().toString().toLowerCase(java.util.Locale.ROOT);
            assertFalse(head.contains("x-injected"), head);
            assertFalse(new String(r.body(), StandardCharsets.ISO_8859_1).startsWith("X-Injected"), r.bodyText());
        }
    }
}
