package eu.xs2a.security.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.http.VertxHeaderValidation;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.RawHttp;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestPkiResource;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Headers Vert.x would refuse while decoding (an empty 400, docs/ARCHITECTURE.md "Request pipeline") get the standard
 * body from RequestTargetGuard instead, naming the header and the position of the character; and no input reaches
 * the wire as a response header that is not well-formed (ResponseHeaderGuard). Sent over a plain socket
 * ({@link RawHttp}, one octet per char): HTTP clients refuse to send such headers.
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = TestDatabase.class, restrictToAnnotatedClass = false)
class RequestHeaderTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PUBLIC = "/public/hello";
    private static final String SIGNED = "/sandbox/api/berlingroup/v1/things/psu";
    private static final String REQUEST_ID = "1c8e5a52-7d7b-4a3e-9f57-3f0f4c0e2b61";

    private static final TestTpp tpp = TestPki.shared().tpp("PSDDE-BAFIN-500004", "Delta AISP", Role.PSP_AI);

    @TestHTTPResource("/")
    URI base;

    private RawHttp.Response get(String target, Map<String, String> headers) {
        return RawHttp.get(base, target, headers);
    }

    private static String formatErrorText(RawHttp.Response answer) throws Exception {
        assertEquals(400, answer.status(), answer.bodyText());
        String type = answer.header("Content-Type");
        assertTrue(type != null && type.startsWith("application/json"), "not JSON: " + answer.headers());
        JsonNode body = JSON.readTree(answer.body());
        assertEquals("FORMAT_ERROR", body.path("error_code").asText(), answer.bodyText());
        assertEquals("FormatError", body.path("error_text").asText(), answer.bodyText());
        JsonNode message = body.path("tppMessages").path(0);
        assertEquals("ERROR", message.path("category").asText(), answer.bodyText());
        assertEquals("FORMAT_ERROR", message.path("code").asText(), answer.bodyText());
        return message.path("text").asText();
    }

    /** A second Consent-ID (say, added by a proxy) is refused in the standard body, not read as the first or both. */
    @Test
    void anInterfaceHeaderGivenTwiceIsAFormatError() throws Exception {
        String answer = RawHttp.exchange(base.getPort(), "GET " + SIGNED + " HTTP/1.1\r\nHost: localhost\r\n"
                + "X-Request-ID: " + REQUEST_ID + "\r\nConsent-ID: first\r\nConsent-ID: second\r\n"
                + "Connection: close\r\n\r\n");
        assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
        JsonNode body = JSON.readTree(answer.substring(answer.indexOf("\r\n\r\n") + 4));
        assertEquals("FORMAT_ERROR", body.path("tppMessages").path(0).path("code").asText(), answer);
        assertEquals("Header Consent-ID is given more than once", body.path("tppMessages").path(0).path("text").asText());
    }

    @Test
    void vertxLeavesTheHeaderChecksToTheGuards() {
        assertFalse(VertxHeaderValidation.vertxChecksHeaders(),
                "vertx.disableHttpHeadersValidation must be true before Vert.x starts");
    }

    @Test
    void anEscapeInTheRequestIdIsAFormatErrorNamingItsPosition() throws Exception {
        RawHttp.Response answer = get(PUBLIC, Map.of("X-Request-ID", "abc\u001b"));
        assertEquals("Header X-Request-ID has character U+001B at position 4, which is not allowed in a header value"
                + " (no control characters but horizontal tab)", formatErrorText(answer));
        assertNull(answer.header("X-Request-ID"), "a malformed X-Request-ID is not echoed");
    }

    /** The example of issue 50: Latin-1 octets, then a control byte, on a signed endpoint, before the signature. */
    @Test
    void aControlByteInTheSignatureIsAFormatErrorBeforeAnySignatureCheck() throws Exception {
        Map<String, String> headers = new LinkedHashMap<>(tpp.signer().sign("GET", SIGNED, Map.of(), new byte[0]));
        headers.put("Signature", "\u00e9\u00ff\u0001");
        RawHttp.Response answer = get(SIGNED, headers);
        assertTrue(formatErrorText(answer).startsWith("Header Signature has character U+0001 at position 3,"),
                answer.bodyText());
        assertEquals(headers.get("X-Request-ID"), answer.header("X-Request-ID"), "a well-formed X-Request-ID is echoed");
    }

    /** The position counts characters of the text the octets carry: "Müller" sent as UTF-8 is 6 characters. */
    @Test
    void thePositionCountsCharactersOfTheText() throws Exception {
        String utf8 = new String("Müller\u0007".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        assertTrue(formatErrorText(get(PUBLIC, Map.of("PSU-ID", utf8)))
                .startsWith("Header PSU-ID has character U+0007 at position 7,"));
        assertTrue(formatErrorText(get(PUBLIC, Map.of("PSU-ID", "M\u00fcller\u0007")))   // Latin-1: 6 octets
                .startsWith("Header PSU-ID has character U+0007 at position 7,"));
    }

    @Test
    void nulDelAndABareCarriageReturnAreRefusedToo() throws Exception {
        assertTrue(formatErrorText(get(PUBLIC, Map.of("X-Note", "a\u0000b"))).contains("U+0000 at position 2"));
        assertTrue(formatErrorText(get(PUBLIC, Map.of("X-Note", "ab\u007f"))).contains("U+007F at position 3"));
        RawHttp.Response cr = get(PUBLIC, Map.of("X-Note", "a\rX-Injected: yes"));
        assertTrue(formatErrorText(cr).contains("U+000D at position 2"), cr.bodyText());
    }

    @Test
    void aHeaderNameThatIsNotATokenIsRefusedWithTheNameMadeSafe() throws Exception {
        assertEquals("Header name \"X-Fo?o\" has character U+0001 at position 5, which is not allowed in a header name"
                + " (letters, digits and !#$%&'*+-.^_`|~ only)", formatErrorText(get(PUBLIC, Map.of("X-Fo\u0001o", "bar"))));
        assertTrue(formatErrorText(get(PUBLIC, Map.of("X-F\u00e9", "bar"))).contains("U+00E9 at position 4"));
    }

    /**
     * The connection is closed after the refusal, as Vert.x did: what follows a malformed header (here a second,
     * pipelined request) is never read as a request of its own.
     */
    @Test
    void theConnectionEndsWithTheRefusal() {
        String answer = RawHttp.exchange(base.getPort(), "GET /public/hello HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Length : 38\r\n\r\n"
                + "GET /public/hello HTTP/1.1\r\nHost: x\r\n\r\n");
        assertTrue(answer.startsWith("HTTP/1.1 400 "), answer);
        assertTrue(answer.contains("Header name \\\"Content-Length \\\" has character U+0020 at position 15"), answer);
        assertEquals(1, answer.split("HTTP/1\\.1 ", -1).length - 1, "one answer only: " + answer);
        assertFalse(answer.contains("hello"), answer);
    }

    /** Octets above 0x7F are no control characters: what follows decides, always in the standard body. */
    @Test
    void nonAsciiOctetsWithoutAControlByteGetTheUsualAnswers() throws Exception {
        assertEquals(200, get(PUBLIC, Map.of("X-Note", "\u00e9\u00ff", "X-Tab", "a\tb")).status());
        Map<String, String> headers = new LinkedHashMap<>(tpp.signer().sign("GET", SIGNED, Map.of(), new byte[0]));
        headers.put("Signature", "\u00e9\u00ff");
        RawHttp.Response answer = get(SIGNED, headers);
        assertEquals(401, answer.status(), answer.bodyText());
        JsonNode body = JSON.readTree(answer.body());
        assertEquals("SignatureMalformed", body.path("error_text").asText(), answer.bodyText());
        assertEquals("ERROR", body.path("tppMessages").path(0).path("category").asText(), answer.bodyText());
    }

    @Test
    void aCrLfFromInputNeverSplitsAResponse() throws Exception {
        RawHttp.Response answer = get("/public/echo-header?value=a%0D%0AX-Injected:%20yes",
                Map.of("X-Request-ID", REQUEST_ID));
        assertEquals(200, answer.status(), answer.bodyText());
        assertEquals("echoed", answer.bodyText());
        assertNull(answer.header("X-Injected"), answer.headers().toString());
        assertNull(answer.header("X-Echo"), "the malformed header is removed: " + answer.headers());
        assertEquals("plain", answer.header("X-Plain"));
        assertEquals(REQUEST_ID, answer.header("X-Request-ID"));

        RawHttp.Response plain = get("/public/echo-header?value=fine", Map.of());
        assertEquals("fine", plain.header("X-Echo"));
    }
}
