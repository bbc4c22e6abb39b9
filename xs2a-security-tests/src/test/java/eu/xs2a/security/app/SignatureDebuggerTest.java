package eu.xs2a.security.app;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestPkiResource;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The signature debugger in the sandbox (the test app's default environment): a SignatureInvalid over a signature
 * or Digest that did not match shows what the gateway verified, over real HTTP with real signatures; every other
 * refusal shows nothing more. {@link SignatureDebuggerLiveTest} sends the same requests to a live gateway.
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = TestDatabase.class, restrictToAnnotatedClass = false)
class SignatureDebuggerTest {

    static final String THINGS = "/sandbox/api/berlingroup/v1/things";
    static final String THING = THINGS + "/abc";
    static final String SIGNED_BODY = "{\"name\":\"signed\",\"count\":1}";
    static final String SENT_BODY = "{\"name\":\"sent\",\"count\":1}";

    static TestTpp tpp;

    @BeforeAll
    static void tpp() {
        RestAssured.config = RestAssured.config().encoderConfig(
                EncoderConfig.encoderConfig().appendDefaultContentCharsetToContentTypeIfUndefined(false));
        tpp = TestPki.shared().tpp("PSDDE-BAFIN-700001", "Debugging AISP", Role.PSP_AI);
    }

    /** What the client signed: PSU-ID PSU-0001, in an order of its own choosing. */
    static final List<String> SIGNED = List.of("date", "psu-id", "x-request-id", "digest");

    /** The signed headers of a GET, signed over {@link #SIGNED} in that order. */
    static Map<String, String> signedGet(TestTpp tpp) {
        RequestSigner signer = tpp.signer();
        Map<String, String> headers = new LinkedHashMap<>(signer.sign("GET", THING, Map.of("PSU-ID", "PSU-0001"),
                new byte[0]));
        headers.put("Signature", signer.signatureHeader(SIGNED, headers));
        return headers;
    }

    /** A GET whose PSU-ID was changed after signing. */
    static Response headerChangedAfterSigning(Map<String, String> signed) {
        Map<String, String> sent = new LinkedHashMap<>(signed);
        sent.put("PSU-ID", "PSU-0002");
        return given().headers(sent).get(THING);
    }

    /** A POST whose body was changed after signing (the Digest is the signed body's). */
    static Response bodyChangedAfterSigning(Map<String, String> signed) {
        return given().headers(signed).contentType("application/json")
                .body(SENT_BODY.getBytes(StandardCharsets.UTF_8)).post(THINGS);
    }

    static Map<String, String> signedPost(RequestSigner signer) {
        return signer.sign("POST", THINGS, Map.of("PSU-ID", "PSU-0001", "TPP-Redirect-URI", "https://tpp.example/cb"),
                SIGNED_BODY.getBytes(StandardCharsets.UTF_8));
    }

    static JsonPath signatureInvalid(Response response) {
        response.then().statusCode(401).contentType("application/json")
                .body("error_text", equalTo("SignatureInvalid"))
                .body("error_code", equalTo("SIGNATURE_INVALID"))
                .body("tppMessages[0].code", equalTo("SIGNATURE_INVALID"));
        return response.jsonPath();
    }

    static String sha(String algorithm, String body) throws Exception {
        return algorithm + "=" + Base64.getEncoder().encodeToString(
                MessageDigest.getInstance(algorithm).digest(body.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aHeaderChangedAfterSigningShowsTheSigningStringVerifiedWhichDiffersOnlyThere() {
        Map<String, String> signed = signedGet(tpp);
        JsonPath body = signatureInvalid(headerChangedAfterSigning(signed));

        String clientSigned = RequestSigner.signingString(SIGNED, signed);
        String verified = body.getString("signatureDebug.signingString");
        Map<String, String> sent = new LinkedHashMap<>(signed);
        sent.put("PSU-ID", "PSU-0002");
        assertEquals(RequestSigner.signingString(SIGNED, sent), verified);
        assertEquals(SIGNED, body.getList("signatureDebug.headers"));

        String[] theirs = clientSigned.split("\n");
        String[] ours = verified.split("\n");
        assertEquals(theirs.length, ours.length);
        for (int i = 0; i < ours.length; i++) {
            if (SIGNED.get(i).equals("psu-id")) {
                assertEquals("psu-id: PSU-0001", theirs[i]);
                assertEquals("psu-id: PSU-0002", ours[i]);
            } else {
                assertEquals(theirs[i], ours[i], "line " + i);
                assertEquals(SIGNED.get(i), ours[i].substring(0, ours[i].indexOf(':')));
            }
        }
        // the body was not touched: the Digest sent is the one of the (empty) body received
        assertEquals(signed.get("Digest"), body.getString("signatureDebug.digestReceived"));
        assertEquals(signed.get("Digest"), body.getString("signatureDebug.digestComputed"));
    }

    @Test
    void aBodyChangedAfterSigningNamesBothDigestsAndShowsTheSigningStringTheClientSigned() throws Exception {
        RequestSigner signer = tpp.signer();
        Map<String, String> signed = signedPost(signer);
        JsonPath body = signatureInvalid(bodyChangedAfterSigning(signed));

        assertEquals(sha("SHA-256", SIGNED_BODY), body.getString("signatureDebug.digestReceived"));
        assertEquals(sha("SHA-256", SENT_BODY), body.getString("signatureDebug.digestComputed"));
        // the signature verified, so what the gateway shows is exactly what RequestSigner signed: a developer can diff
        List<String> list = List.of("digest", "x-request-id", "date", "psu-id", "tpp-redirect-uri");
        assertEquals(list, body.getList("signatureDebug.headers"));
        assertEquals(RequestSigner.signingString(list, signed), body.getString("signatureDebug.signingString"));
        assertEquals("digest: " + signed.get("Digest") + "\nx-request-id: " + signed.get("X-Request-ID") + "\ndate: "
                + signed.get("Date") + "\npsu-id: PSU-0001\ntpp-redirect-uri: https://tpp.example/cb",
                body.getString("signatureDebug.signingString"));
        assertEquals("Digest does not match the hash of the request body", body.getString("error_message"));
    }

    @Test
    void aSha512DigestIsComputedWithSha512() throws Exception {
        JsonPath body = signatureInvalid(bodyChangedAfterSigning(signedPost(tpp.signer().withSha512())));
        assertEquals(sha("SHA-512", SIGNED_BODY), body.getString("signatureDebug.digestReceived"));
        assertEquals(sha("SHA-512", SENT_BODY), body.getString("signatureDebug.digestComputed"));
    }

    @Test
    void aSignatureByAnotherKeyShowsTheSigningStringOfTheCorrectRequest() {
        // everything right but the key: the signing string is the client's own, line for line
        Map<String, String> signed = signedGet(tpp);
        TestTpp impostor = TestPki.shared().tpp("PSDDE-BAFIN-700002", "Other AISP", Role.PSP_AI);
        Map<String, String> sent = new LinkedHashMap<>(signed);
        String theirs = impostor.signer().signatureHeader(SIGNED, signed);
        sent.put("Signature", theirs.replaceFirst("keyId=\"[^\"]*\"", "keyId=\"" + tpp.signer().keyId() + "\""));
        JsonPath body = signatureInvalid(given().headers(sent).get(THING));
        assertEquals(RequestSigner.signingString(SIGNED, signed), body.getString("signatureDebug.signingString"));
        assertEquals(signed.get("Digest"), body.getString("signatureDebug.digestComputed"));
    }

    @Test
    void otherRefusalsCarryNoDebugger() {
        // no certificate
        Response missing = given().header("X-Request-ID", UUID.randomUUID().toString()).get(THING);
        missing.then().statusCode(401).body("error_text", equalTo("CertificateMissing"));
        assertNoDebugger(missing);

        // SignatureInvalid, but for a Date too far off: nothing did not match
        Map<String, String> old = tpp.signer().sign("GET", THING, Map.of(), new byte[0], UUID.randomUUID().toString(),
                Instant.now().minusSeconds(3600));
        Response skewed = given().headers(old).get(THING);
        skewed.then().statusCode(401).body("error_text", equalTo("SignatureInvalid"))
                .body("error_message", containsString("server clock"));
        assertNoDebugger(skewed);

        // SignatureInvalid, but for a header sent and not signed
        Map<String, String> unsigned = new LinkedHashMap<>(tpp.signer().sign("GET", THING, Map.of(), new byte[0]));
        unsigned.put("PSU-ID", "PSU-0001");
        Response notSigned = given().headers(unsigned).get(THING);
        notSigned.then().statusCode(401).body("error_text", equalTo("SignatureInvalid"))
                .body("error_message", containsString("not signed"));
        assertNoDebugger(notSigned);

        // SignatureMalformed
        Map<String, String> malformed = new LinkedHashMap<>(tpp.signer().sign("GET", THING, Map.of(), new byte[0]));
        malformed.put("Signature", "nothing=\"here\"");
        Response broken = given().headers(malformed).get(THING);
        broken.then().statusCode(401).body("error_text", equalTo("SignatureMalformed"));
        assertNoDebugger(broken);
    }

    static void assertNoDebugger(Response response) {
        String body = response.asString();
        assertFalse(body.contains("signatureDebug"), body);
        assertFalse(body.contains("signingString"), body);
        assertNotEquals("", body);
    }
}
