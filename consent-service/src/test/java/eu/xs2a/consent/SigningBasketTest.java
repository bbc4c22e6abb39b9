package eu.xs2a.consent;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.SandboxBank;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * Signing baskets against the real sandbox bank (docs/ARCHITECTURE.md "Signing baskets"): a payment (submitted to
 * the bank as payment-service does, under its gateway id) and a consent authorised with the basket's one redirect
 * SCA; every refusal with its Berlin Group class and code; a deleted basket freeing its members.
 */
@QuarkusTest
class SigningBasketTest extends ConsentTestBase {

    private static final String BASKETS = "/sandbox/api/berlingroup/v1/signing-baskets";

    @ConfigProperty(name = "psd2.providers.sandbox.bank-url")
    String bankUrl;

    @Test
    void oneScaAuthorisesThePaymentAtTheBankAndTheConsent() {
        String payment = bankPayment(Tpps.ALPHA);
        String consentId = createAis(Tpps.ALPHA).jsonPath().getString("consentId");

        Response created = Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(payment), List.of(consentId)));
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals("RCVD", created.jsonPath().getString("transactionStatus"));
        assertEquals("REDIRECT", created.header("ASPSP-SCA-Approach"));
        String basket = BASKETS + "/" + created.jsonPath().getString("basketId");
        assertEquals(basket, created.header("Location"));
        Response read = Signed.get(Tpps.ALPHA, basket);
        assertEquals(List.of(payment), read.jsonPath().getList("payments"), read.asString());
        assertEquals(List.of(consentId), read.jsonPath().getList("consents"));

        // the members belong to this basket alone
        assertError(Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(payment), List.of())), 400,
                "FormatError", "RESOURCE_BLOCKED");
        assertError(Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(), List.of(consentId))), 400,
                "FormatError", "RESOURCE_BLOCKED");
        assertError(Signed.post(Tpps.ALPHA, Signed.AIS + "/" + consentId + "/authorisations", Map.of(), ""), 400,
                "FormatError", "RESOURCE_BLOCKED");
        // another TPP sees neither
        assertError(Signed.get(Tpps.BETA, basket), 404, "ResourceUnknown", "RESOURCE_UNKNOWN");
        assertError(Signed.post(Tpps.BETA, BASKETS, headers(), body(List.of(), List.of(consentId))), 400,
                "FormatError", "FORMAT_ERROR");
        // the basket's authorisation is redirect and started with it
        assertError(Signed.post(Tpps.ALPHA, basket + "/authorisations", Map.of(), ""), 409, "StatusInvalid",
                "STATUS_INVALID");

        Response back = Psu.approve(created.jsonPath().getString("_links.scaRedirect.href"));
        assertEquals(302, back.statusCode(), back.asString());
        assertEquals(Signed.TPP_OK, back.header("Location"));
        assertEquals("ACTC", Signed.get(Tpps.ALPHA, basket + "/status").jsonPath().getString("transactionStatus"));
        assertEquals("finalised", Signed.get(Tpps.ALPHA, Psu.gatewayPath(Psu.PUBLIC_BASE_URL
                + created.jsonPath().getString("_links.scaStatus.href"))).jsonPath().getString("scaStatus"));
        assertEquals("valid", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + consentId + "/status").jsonPath()
                .getString("consentStatus"));
        String atBank = bank().get(bankUrl + "/bank/v1/payments?idempotencyKey=" + payment).jsonPath()
                .getString("payments[0].transactionStatus");
        assertEquals(true, List.of("ACSP", "ACSC").contains(atBank), atBank);

        // authorised members join no other basket, and the basket is no longer deletable
        assertError(Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(payment), List.of())), 400,
                "FormatError", "FORMAT_ERROR");
        assertError(Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(), List.of(consentId))), 400,
                "FormatError", "FORMAT_ERROR");
        assertError(Signed.delete(Tpps.ALPHA, basket), 409, "StatusInvalid", "STATUS_INVALID");
    }

    @Test
    void aBadRequestIsRefusedWithItsCode() {
        String consentId = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
        assertError(Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(), List.of())), 400, "FormatError",
                "FORMAT_ERROR");
        assertError(Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of("no-such-payment"), List.of())), 400,
                "FormatError", "FORMAT_ERROR");
        assertError(Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(), List.of(consentId, consentId))), 400,
                "FormatError", "FORMAT_ERROR");
        Map<String, String> noIp = headers();
        noIp.remove("PSU-IP-Address");
        assertError(Signed.post(Tpps.ALPHA, BASKETS, noIp, body(List.of(), List.of(consentId))), 400, "FormatError",
                "FORMAT_ERROR");
        Map<String, String> noRedirect = headers();
        noRedirect.remove("TPP-Redirect-URI");
        assertError(Signed.post(Tpps.ALPHA, BASKETS, noRedirect, body(List.of(), List.of(consentId))), 400,
                "FormatError", "FORMAT_ERROR");
        assertError(Signed.post(Tpps.ALPHA, BASKETS, headers(), "{\"paymentIds\": 1}"), 400, "FormatError",
                "FORMAT_ERROR");
        // none of these took the consent
        assertEquals(201, Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(), List.of(consentId)))
                .statusCode());
    }

    @Test
    void aDeletedBasketFreesItsMembers() {
        String payment = bankPayment(Tpps.ALPHA);
        String consentId = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
        Response created = Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(payment), List.of(consentId)));
        assertEquals(201, created.statusCode(), created.asString());
        String basket = BASKETS + "/" + created.jsonPath().getString("basketId");

        assertEquals(204, Signed.delete(Tpps.ALPHA, basket).statusCode());
        assertEquals("CANC", Signed.get(Tpps.ALPHA, basket + "/status").jsonPath().getString("transactionStatus"));
        assertEquals(201, Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(payment), List.of(consentId)))
                .statusCode(), "both members are free for a new basket");
    }

    /** A payment at the bank under a new gateway id (its idempotency key), as payment-service submits one. */
    private String bankPayment(TestTpp tpp) {
        String key = UUID.randomUUID().toString().replace("-", "");
        Response submitted = bank().body("""
                {"idempotencyKey": "%s", "paymentProduct": "sepa-credit-transfers", "tppId": "%s", "tppName": "Alpha TPP",
                 "debtorAccount": {"iban": "%s"}, "creditorName": "Merchant GmbH",
                 "creditorAccount": {"iban": "DE89370400440532013000"},
                 "instructedAmount": {"currency": "EUR", "amount": "1.50"}, "returnUrl": "https://gateway.example/cb"}
                """.formatted(key, tpp.tppId(), Psu.PSU1_MAIN)).post(bankUrl + "/bank/v1/payments");
        assertEquals(201, submitted.statusCode(), submitted.asString());
        return key;
    }

    private static io.restassured.specification.RequestSpecification bank() {
        return given().header("Authorization", "Bearer " + SandboxBank.CREDENTIAL).contentType("application/json");
    }

    private static Map<String, String> headers() {
        Map<String, String> headers = new LinkedHashMap<>(Signed.redirectHeaders());
        headers.put("PSU-IP-Address", "192.0.2.1");
        return headers;
    }

    private static String body(List<String> payments, List<String> consents) {
        return "{\"paymentIds\": " + json(payments) + ", \"consentIds\": " + json(consents) + "}";
    }

    private static String json(List<String> ids) {
        return ids.stream().map(id -> "\"" + id + "\"").reduce((a, b) -> a + ", " + b).map(s -> "[" + s + "]")
                .orElse("[]");
    }
}
