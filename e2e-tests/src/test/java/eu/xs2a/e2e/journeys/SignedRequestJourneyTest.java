package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PAYMENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static eu.xs2a.e2e.support.BerlinGroup.PSU_IP;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.e2e.conformance.ConformanceFilter;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a TPP developer meets first when a request is not right, through the ingress and with the answers checked
 * for conformance like every other: no certificate, a body changed after signing, a certificate without the role,
 * an unknown provider, an unknown payment product.
 */
class SignedRequestJourneyTest extends Journey {

    @Test
    void unsignedTamperedAndUnauthorisedRequestsGetTheStandardErrors() throws Exception {
        Tpp aisp = newTpp("Theta Accounts", "PSP_AI");
        String body = aisBody(PSU1_MAIN);

        Response unsigned = given().baseUri(stack.baseUrl()).filter(ConformanceFilter.INSTANCE)
                .header("X-Request-ID", java.util.UUID.randomUUID().toString())
                .contentType("application/json").body(body).post(CONSENTS);
        assertError(unsigned, 401, "CertificateMissing", "CERTIFICATE_MISSING");

        String changed = body.replace(PSU1_MAIN, PSU1_SAVINGS);
        Response tampered = aisp.send("POST", CONSENTS, redirect(redirectUri("ok"), null), body, changed);
        assertError(tampered, 401, "SignatureInvalid", "SIGNATURE_INVALID");
        // the sandbox's signature debugger, through the ingress: the digest of the bytes that arrived, beside the one sent
        assertEquals("SHA-256=" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                .digest(changed.getBytes(StandardCharsets.UTF_8))), tampered.jsonPath().getString("signatureDebug.digestComputed"));
        assertEquals("SHA-256=" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                .digest(body.getBytes(StandardCharsets.UTF_8))), tampered.jsonPath().getString("signatureDebug.digestReceived"));

        Response noRole = aisp.post(PAYMENTS, PaymentJourneyTest.paymentHeaders(redirectUri("paid"), null),
                PaymentJourneyTest.paymentBody(PSU1_MAIN, "1.00", "E2E-ROLE", null));
        assertError(noRole, 401, "RoleInvalid", "ROLE_INVALID");

        Tpp pisp = newTpp("Theta Pay", "PSP_PI");
        Response unknownProvider = pisp.post("/no-such-bank/api/berlingroup/v1/payments/sepa-credit-transfers",
                PaymentJourneyTest.paymentHeaders(redirectUri("paid"), null),
                PaymentJourneyTest.paymentBody(PSU1_MAIN, "1.00", "E2E-PROV", null));
        assertError(unknownProvider, 404, "ResourceUnknown", "RESOURCE_UNKNOWN");

        // sandbox2 offers only sepa-credit-transfers
        Response notOffered = pisp.post("/sandbox2/api/berlingroup/v1/payments/instant-sepa-credit-transfers",
                PaymentJourneyTest.paymentHeaders(redirectUri("paid"), null),
                PaymentJourneyTest.paymentBody(PSU1_MAIN, "1.00", "E2E-PROD", null));
        assertStatus(403, notOffered);
        assertError(notOffered, 403, "ProductInvalid", "PRODUCT_INVALID");

        // a consent id never issued
        assertError(aisp.get(ACCOUNTS, Map.of("Consent-Id", "no-such-consent", "PSU-IP-Address", PSU_IP)), 401,
                "ConsentUnknown", "CONSENT_UNKNOWN");
    }

    /**
     * An OPTIONS is unsigned and answered by Quarkus REST itself, yet under a provider code the gateway does not serve
     * it gets what a signed request gets there, on each service: 404 ResourceUnknown, not the path's methods.
     */
    @Test
    void optionsUnderAnUnknownProviderIsResourceUnknownOnEveryService() {
        for (String path : List.of("/api/berlingroup/v1/consents", "/api/berlingroup/v1/accounts",
                "/api/berlingroup/v1/payments/sepa-credit-transfers", "/oauth/token")) {
            given().baseUri(stack.baseUrl()).options("/sandbox" + path).then().statusCode(200)
                    .header("Allow", containsString("OPTIONS"));
            given().baseUri(stack.baseUrl()).options("/no-such-bank" + path).then().statusCode(404)
                    .body("tppMessages[0].category", equalTo("ERROR"))
                    .body("tppMessages[0].code", equalTo("RESOURCE_UNKNOWN"))
                    .body("tppMessages[0].text", containsString("no-such-bank"));
        }
    }

    /**
     * A request line or headers the ingress passes on (up to 32 KiB a line) are the services' to answer, in the standard
     * body: not Vert.x's empty 414 or 431, which its default limits (4 KiB, 20 KiB) gave.
     */
    @Test
    void aLongRequestLineOrLargeHeadersGetTheServicesOwnAnswer() {
        Tpp aisp = newTpp("Iota Accounts", "PSP_AI");
        assertError(aisp.get(CONSENTS + "/" + "c".repeat(20_000)), 401, "ConsentUnknown", "CONSENT_UNKNOWN");

        Map<String, String> padding = new LinkedHashMap<>();
        for (int i = 0; i < 4; i++) {
            padding.put("X-Padding-" + i, "p".repeat(20_000));
        }
        assertError(aisp.get(CONSENTS + "/no-such-consent", padding), 401, "ConsentUnknown", "CONSENT_UNKNOWN");
    }
}
