package eu.xs2a.security.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Non-ASCII header values sent as written ({@link RawHttp}), octet for octet: the signature covers the octets as sent, and the
 * services read the text they carry, whether a client sent UTF-8 (curl, most stacks) or Latin-1 (Java, Python).
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = TestDatabase.class, restrictToAnnotatedClass = false)
class HeaderOctetsTest {

    private static final String PSU = "/sandbox/api/berlingroup/v1/things/psu";

    @TestHTTPResource("/")
    URI base;

    private static final TestTpp tpp = TestPki.shared().tpp("PSDDE-BAFIN-500003", "Gamma AISP", Role.PSP_AI);

    /** Every header written as one octet per char ({@link RawHttp}), as Netty reads them back. */
    private RawHttp.Response get(Map<String, String> headers) {
        return RawHttp.get(base, PSU, headers);
    }

    @Test
    void aUtf8PsuIdIsSignedOverItsOctetsAndReadAsText() throws Exception {
        Map<String, String> headers = tpp.signer().sign("GET", PSU, Map.of("PSU-ID", "Müller-Łukasz"), new byte[0]);
        String wire = headers.get("PSU-ID");
        assertTrue(wire.length() == "Müller-Łukasz".getBytes(StandardCharsets.UTF_8).length, wire);
        RawHttp.Response answer = get(headers);
        assertEquals(200, answer.status(), answer.bodyText());
        assertTrue(answer.bodyText().contains("\"psuId\":\"Müller-Łukasz\""), answer.bodyText());
    }

    @Test
    void aLatin1PsuIdIsSignedOverItsOctetsAndReadAsText() throws Exception {
        Map<String, String> headers = latin1Signed("Jürgen Groß");
        RawHttp.Response answer = get(headers);
        assertEquals(200, answer.status(), answer.bodyText());
        assertTrue(answer.bodyText().contains("\"psuId\":\"Jürgen Groß\""), answer.bodyText());
    }

    @Test
    void aSignatureOverOtherOctetsThanTheOnesSentDoesNotVerify() throws Exception {
        Map<String, String> headers = tpp.signer().sign("GET", PSU, Map.of("PSU-ID", "Müller"), new byte[0]);
        headers.put("PSU-ID", "Müller"); // the same text, sent as Latin-1 instead of the UTF-8 that was signed
        RawHttp.Response answer = get(headers);
        assertEquals(401, answer.status(), answer.bodyText());
        assertTrue(answer.bodyText().contains("\"error_text\":\"SignatureInvalid\""), answer.bodyText());
    }

    /** PSU-ID's 50 characters are characters of its text: 50 "ü" pass in 100 octets, 51 do not. */
    @Test
    void thePsuIdLimitCountsCharactersNotOctets() throws Exception {
        RawHttp.Response fifty = get(tpp.signer().sign("GET", PSU, Map.of("PSU-ID", "ü".repeat(50)), new byte[0]));
        assertEquals(200, fifty.status(), fifty.bodyText());
        assertTrue(fifty.bodyText().contains("\"length\":50"), fifty.bodyText());
        RawHttp.Response more = get(tpp.signer().sign("GET", PSU, Map.of("PSU-ID", "ü".repeat(51)), new byte[0]));
        assertEquals(400, more.status(), more.bodyText());
        assertTrue(more.bodyText().contains("\"error_text\":\"FormatError\"") && more.bodyText().contains("PSU-ID"), more.bodyText());
    }

    /** What a Java or Python client sends for Latin-1 text: one octet per character, signed over those octets. */
    private Map<String, String> latin1Signed(String psuId) {
        Map<String, String> headers = new LinkedHashMap<>(tpp.signer().sign("GET", PSU, Map.of(), new byte[0],
                UUID.randomUUID().toString()));
        headers.put("PSU-ID", psuId);
        headers.put("Signature", tpp.signer().signatureHeader(List.of("digest", "x-request-id", "date", "psu-id"),
                headers));
        return headers;
    }
}
