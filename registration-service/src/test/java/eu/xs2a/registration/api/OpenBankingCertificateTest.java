package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.Api.OB_CERTIFICATES;
import static eu.xs2a.registration.support.Api.assertError;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.registration.domain.Letter;
import eu.xs2a.registration.domain.TppCertificate;
import eu.xs2a.registration.support.Api;
import eu.xs2a.registration.support.OpenBankingClient;
import eu.xs2a.registration.support.TestSmtp;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Open-banking certificate addition with the client's HTTP Basic credentials. */
@QuarkusTest
class OpenBankingCertificateTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static String body(String pem, String name, String type) throws Exception {
        Map<String, Object> certificate = new java.util.LinkedHashMap<>();
        if (pem != null) {
            certificate.put("pem", pem);
        }
        if (name != null) {
            certificate.put("name", name);
        }
        if (type != null) {
            certificate.put("type", type);
        }
        return JSON.writeValueAsString(Map.of("data", Map.of("certificate", certificate)));
    }

    private static Response add(String authorization, String body) {
        // Content-Type is optional here; without noContentType() RestAssured would send application/octet-stream
        var request = given().noContentType().body(body.getBytes(StandardCharsets.UTF_8));
        if (authorization != null) {
            request = request.header("Authorization", authorization);
        }
        return request.post(OB_CERTIFICATES);
    }

    @Test
    void addsACertificateOfTheClientsOrganisationOnceAndSendsTheLetter() throws Exception {
        OpenBankingClient client = OpenBankingClient.register();
        TestSmtp.awaitLetterTo(client.contact()); // the registration letter
        TestTpp pis = TestPki.shared().tpp(client.orgId(), "OB TPP", Role.PSP_PI);
        String body = body(pis.certificatePem(), "ob-pis", "qseal");
        add(client.basic(), body).then().statusCode(200)
                .body("data.client_id", equalTo(client.id()))
                .body("data.organisation_id", equalTo(client.orgId()))
                .body("data.certificate.name", equalTo("ob-pis"))
                .body("data.certificate.roles", containsInAnyOrder("PSP_PI"))
                .body("data.scopes", containsInAnyOrder("payments", "funds_availability"));
        given().contentType("application/json").header("Authorization", client.basic())
                .body(body.getBytes(StandardCharsets.UTF_8)).post(OB_CERTIFICATES).then().statusCode(200);

        long stored = QuarkusTransaction.requiringNew().call(() -> TppCertificate.count("tppId", client.orgId()));
        assertEquals(1, stored, "the same certificate twice is stored once");
        for (int i = 0; i < 600 && TestSmtp.lettersTo(client.contact()).size() < 2; i++) {
            Thread.sleep(100);
        }
        assertTrue(TestSmtp.lettersTo(client.contact()).stream().anyMatch(m -> {
            try {
                return m.getSubject().contains("certificate was added");
            } catch (Exception e) {
                return false;
            }
        }));
    }

    @Test
    void withoutOrWithWrongClientCredentialsItIsAccessDenied() throws Exception {
        OpenBankingClient client = OpenBankingClient.register();
        TestTpp tpp = TestPki.shared().tpp(client.orgId(), "OB TPP", Role.PSP_AI);
        String body = body(tpp.certificatePem(), "n", "qseal");
        assertError(add(null, body), 401, "AccessDenied", "Basic");
        assertError(add("Bearer abc", body), 401, "AccessDenied", "Basic");
        assertError(add("Basic !!!", body), 401, "AccessDenied", "base64");
        OpenBankingClient wrongSecret = new OpenBankingClient(client.id(), "wrong", client.orgId(), client.contact());
        assertError(add(wrongSecret.basic(), body), 401, "AccessDenied", "client_secret")
                .body("error_code", equalTo("TOKEN_INVALID"));
        OpenBankingClient unknown = new OpenBankingClient("no-such-client", client.secret(), client.orgId(), client.contact());
        assertError(add(unknown.basic(), body), 401, "AccessDenied", "client_id");
    }

    @Test
    void missingFieldsOrATypeOtherThanQsealAreWrongRequiredFields() throws Exception {
        OpenBankingClient client = OpenBankingClient.register();
        String pem = TestPki.shared().tpp(client.orgId(), "OB TPP", Role.PSP_AI).certificatePem();
        assertError(add(client.basic(), body(null, "n", "qseal")), 401, "WrongRequiredFields", "data.certificate.pem");
        assertError(add(client.basic(), body(pem, null, "qseal")), 401, "WrongRequiredFields", "data.certificate.name");
        assertError(add(client.basic(), body(pem, "n", null)), 401, "WrongRequiredFields", "data.certificate.type");
        assertError(add(client.basic(), body(pem, "n", "qwac")), 401, "WrongRequiredFields", "qseal");
        assertError(add(client.basic(), "{}"), 401, "WrongRequiredFields", "data.certificate.pem");
        assertError(add(client.basic(), "{not json"), 400, "RequestFormatInvalid", "JSON");
        // a value of the wrong type or a key given twice is a format fault, and said so
        assertError(add(client.basic(), "{\"data\":{\"certificate\":{\"pem\":\"x\",\"name\":5,\"type\":\"qseal\"}}}"),
                400, "RequestFormatInvalid", "data.certificate.name must be a string");
        assertError(add(client.basic(), "{\"data\":{\"certificate\":{\"pem\":\"x\",\"name\":\"a\",\"name\":\"b\"}}}"),
                400, "RequestFormatInvalid", "Field 'data.certificate.name' is given twice");
    }

    /**
     * A name over the 255 characters of tpp_certificate.name is WrongRequiredFields naming the field and its limit (it
     * used to be a 500) and stores nothing; a name of exactly 255 characters is stored whole.
     */
    @Test
    void anOverLongNameOrTypeIsWrongRequiredFieldsAndNothingIsStored() throws Exception {
        OpenBankingClient client = OpenBankingClient.register();
        String pem = TestPki.shared().tpp(client.orgId(), "OB TPP", Role.PSP_PI).certificatePem();
        assertError(add(client.basic(), body(pem, "n".repeat(256), "qseal")), 401, "WrongRequiredFields",
                "data.certificate.name must be at most 255 characters");
        assertError(add(client.basic(), body(pem, "n", "q".repeat(21))), 401, "WrongRequiredFields",
                "data.certificate.type must be at most 20 characters");
        // PostgreSQL text cannot hold U+0000: a format error, as xs2a-platform's StrictJson makes it elsewhere
        assertError(add(client.basic(), body(pem, "n\u0000", "qseal")), 400, "RequestFormatInvalid",
                "data.certificate.name");
        // half of a surrogate pair, escaped as JSON allows (it has no UTF-8 form; the driver stored '?' for it)
        String loneHalf = body(pem, "n", "qseal").replace("\"name\":\"n\"", "\"name\":\"n\\udc00\"");
        assertError(add(client.basic(), loneHalf), 400, "RequestFormatInvalid",
                "data.certificate.name cannot be stored: Half of a UTF-16 surrogate pair");
        assertEquals(0, QuarkusTransaction.requiringNew().call(() -> TppCertificate.count("tppId", client.orgId())),
                "nothing stored");
        add(client.basic(), body(pem, "n".repeat(255), "qseal")).then().statusCode(200)
                .body("data.certificate.name", equalTo("n".repeat(255)));
        assertEquals(1, QuarkusTransaction.requiringNew().call(() -> TppCertificate.count("tppId", client.orgId())));
    }

    @Test
    void aPemThatIsNotATrustedValidCertificateIsRefused() throws Exception {
        OpenBankingClient client = OpenBankingClient.register();
        assertError(add(client.basic(), body("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----", "n", "qseal")),
                401, "CertificateInvalid", "data.certificate.pem");
        TestTpp untrusted = TestPki.untrusted().tpp(client.orgId(), "Mallory", Role.PSP_AI);
        assertError(add(client.basic(), body(untrusted.certificatePem(), "n", "qseal")),
                401, "CertificateInvalid", "data.certificate.pem");
        TestTpp expired = TestPki.shared().tppBuilder().organizationIdentifier(client.orgId()).roles(Role.PSP_AI)
                .expired().build();
        assertError(add(client.basic(), body(expired.certificatePem(), "n", "qseal")),
                401, "CertificateExpired", "data.certificate.pem");
    }

    @Test
    void aCertificateOfAnotherOrganisationIsAccessDenied() throws Exception {
        OpenBankingClient client = OpenBankingClient.register();
        TestTpp stranger = TestPki.shared().tpp(Api.orgId(), "Stranger", Role.PSP_AI);
        assertError(add(client.basic(), body(stranger.certificatePem(), "n", "qseal")),
                401, "AccessDenied", stranger.tppId())
                .body("error_code", equalTo("CERTIFICATE_INVALID"));
    }

    /** The interface: "Content-Type optional, default application/json"; a type that is sent must be JSON. */
    @Test
    void aContentTypeOtherThanJsonIsRequestFormatInvalidAndNoneOrJsonIsAccepted() throws Exception {
        OpenBankingClient client = OpenBankingClient.register();
        for (String type : List.of("text/plain", "application/xml", "application/json; charset=ISO-8859-1")) {
            TestTpp tpp = TestPki.shared().tpp(client.orgId(), "OB TPP", Role.PSP_AI);
            assertError(given().header("Authorization", client.basic()).contentType(type)
                            .body(body(tpp.certificatePem(), "typed", "qseal").getBytes(StandardCharsets.UTF_8))
                            .post(OB_CERTIFICATES),
                    400, "RequestFormatInvalid", "Content-Type must be absent or application/json");
        }
        assertEquals(0L, QuarkusTransaction.requiringNew().call(() -> TppCertificate.count("name", "typed")));
        for (String type : List.of("application/json", "application/json; charset=utf-8", "APPLICATION/JSON;charset=UTF-8")) {
            TestTpp tpp = TestPki.shared().tpp(client.orgId(), "OB TPP", Role.PSP_AI);
            given().header("Authorization", client.basic()).contentType(type)
                    .body(body(tpp.certificatePem(), "json", "qseal").getBytes(StandardCharsets.UTF_8))
                    .post(OB_CERTIFICATES).then().statusCode(200);
        }
        // RestAssured's noContentType() sends the wildcard */*, which names no type either
        TestTpp wildcard = TestPki.shared().tpp(client.orgId(), "OB TPP", Role.PSP_AI);
        given().header("Authorization", client.basic()).noContentType()
                .body(body(wildcard.certificatePem(), "wildcard", "qseal").getBytes(StandardCharsets.UTF_8))
                .post(OB_CERTIFICATES).then().statusCode(200);
        // no Content-Type header at all (the JDK's client sends none unless told)
        TestTpp untyped = TestPki.shared().tpp(client.orgId(), "OB TPP", Role.PSP_AI);
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(RestAssured.baseURI + ":" + RestAssured.port + OB_CERTIFICATES))
                .header("Authorization", client.basic())
                .POST(HttpRequest.BodyPublishers.ofString(body(untyped.certificatePem(), "untyped", "qseal")))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
    }

    /** A subject without O and CN (not refused by the validator) names the organisation by its organizationIdentifier. */
    @Test
    void aCertificateWithoutOrganisationNameIsAddedAndItsLetterNamesTheOrganizationIdentifier() throws Exception {
        OpenBankingClient client = OpenBankingClient.register();
        TestSmtp.awaitLetterTo(client.contact()); // the registration letter
        TestTpp nameless = TestPki.shared().tppBuilder().organizationIdentifier(client.orgId()).withoutNames()
                .roles(Role.PSP_AI).build();
        add(client.basic(), body(nameless.certificatePem(), "nameless", "qseal")).then().statusCode(200)
                .body("data.certificate.name", equalTo("nameless"));
        String letter = QuarkusTransaction.requiringNew().call(() -> Letter.<Letter>find(
                "recipient = ?1 and subject like ?2", client.contact(), "%certificate was added%").firstResult().textBody);
        assertTrue(letter.contains("registration of " + client.orgId() + " (" + client.orgId() + ")"), letter);
    }
}
