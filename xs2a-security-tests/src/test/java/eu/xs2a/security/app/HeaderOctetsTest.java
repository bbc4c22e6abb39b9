package eu.xs2a.security.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestPkiResource;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Non-ASCII header values over a plain socket, octet for octet: the signature covers the octets as sent, and the
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

    /** Every header written as one octet per char, as Netty reads them back. */
    private String get(Map<String, String> headers) throws Exception {
        StringBuilder request = new StringBuilder("GET " + PSU + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
        headers.forEach((name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aUtf8PsuIdIsSignedOverItsOctetsAndReadAsText() throws Exception {
        Map<String, String> headers = tpp.signer().sign("GET", PSU, Map.of("PSU-ID", "Müller-Łukasz"), new byte[0]);
        String wire = headers.get("PSU-ID");
        assertTrue(wire.length() == "Müller-Łukasz".getBytes(StandardCharsets.UTF_8).length, wire);
        String answer = get(headers);
        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        assertTrue(answer.contains("\"psuId\":\"Müller-Łukasz\""), answer);
    }

    @Test
    void aLatin1PsuIdIsSignedOverItsOctetsAndReadAsText() throws Exception {
        Map<String, String> headers = latin1Signed("Jürgen Groß");
        String answer = get(headers);
        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        assertTrue(answer.contains("\"psuId\":\"Jürgen Groß\""), answer);
    }

    @Test
    void aSignatureOverOtherOctetsThanTheOnesSentDoesNotVerify() throws Exception {
        Map<String, String> headers = tpp.signer().sign("GET", PSU, Map.of("PSU-ID", "Müller"), new byte[0]);
        headers.put("PSU-ID", "Müller"); // the same text, sent as Latin-1 instead of the UTF-8 that was signed
        String answer = get(headers);
        assertTrue(answer.startsWith("HTTP/1.1 401"), answer);
        assertTrue(answer.contains("\"error_text\":\"SignatureInvalid\""), answer);
    }

    /** PSU-ID's 50 characters are characters of its text: 50 "ü" pass in 100 octets, 51 do not. */
    @Test
    void thePsuIdLimitCountsCharactersNotOctets() throws Exception {
        String fifty = get(tpp.signer().sign("GET", PSU, Map.of("PSU-ID", "ü".repeat(50)), new byte[0]));
        assertTrue(fifty.startsWith("HTTP/1.1 200"), fifty);
        assertTrue(fifty.contains("\"length\":50"), fifty);
        String more = get(tpp.signer().sign("GET", PSU, Map.of("PSU-ID", "ü".repeat(51)), new byte[0]));
        assertTrue(more.startsWith("HTTP/1.1 400"), more);
        assertTrue(more.contains("\"error_text\":\"FormatError\"") && more.contains("PSU-ID"), more);
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
