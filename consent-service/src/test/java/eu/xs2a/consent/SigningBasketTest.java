package eu.xs2a.consent;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.SandboxBank;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * Signing baskets against the real sandbox bank (docs/ARCHITECTURE.md "Signing baskets"): a payment (submitted to
 * the bank as payment-service does, under its gateway id) and a consent authorised with the basket's one redirect,
 * embedded or decoupled SCA; every step out of order and every refusal with its Berlin Group class and code; an
 * explicit start; a deleted basket freeing its members.
 */
@QuarkusTest
class SigningBasketTest extends ConsentTestBase {

    private static final String BASKETS = "/sandbox/api/berlingroup/v1/signing-baskets";
    /** psu-fail's account (SeedData), psu-decoupled's (V9__sca_approaches.sql). */
    private static final String PSU_FAIL_MAIN = "DE12100200300200000014";
    private static final String PSU_DECOUPLED_MAIN = "DE65100200300800000029";

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
                "FormatError", "RESOURCE_UNKNOWN");
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
        assertError(Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(payment), List.of())), 409,
                "StatusInvalid", "REFERENCE_STATUS_INVALID");
        assertError(Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(), List.of(consentId))), 409,
                "StatusInvalid", "REFERENCE_STATUS_INVALID");
        assertError(Signed.delete(Tpps.ALPHA, basket), 409, "StatusInvalid", "STATUS_INVALID");
    }

    @Test
    void aBadRequestIsRefusedWithItsCode() {
        String consentId = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
        assertError(Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(), List.of())), 400, "FormatError",
                "FORMAT_ERROR");
        // an id that is none names its place, as a value of the wrong type does
        assertEquals("consentIds[1]", Signed.post(Tpps.ALPHA, BASKETS, headers(),
                "{\"consentIds\": [\"" + consentId + "\", null]}").jsonPath().getString("tppMessages[0].path"));
        assertError(Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of("no-such-payment"), List.of())), 400,
                "FormatError", "RESOURCE_UNKNOWN");
        // the basket's one SCA needs each payment's account: one whose PSU picks it at its own SCA cannot join
        assertError(Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(bankPayment(Tpps.ALPHA, "")),
                List.of())), 400, "FormatError", "REFERENCE_MIX_INVALID");
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

    @Test
    void anEmbeddedBasketAuthorisesEveryMemberWithOneOtp() {
        String payment = bankPayment(Tpps.ALPHA);
        String consentId = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
        Map<String, String> embedded = headers();
        embedded.remove("TPP-Redirect-URI");
        embedded.put("TPP-Redirect-Preferred", "false");
        embedded.put("PSU-ID", "psu1");
        Response created = Signed.post(Tpps.ALPHA, BASKETS, embedded, body(List.of(payment), List.of(consentId)));
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals("EMBEDDED", created.header("ASPSP-SCA-Approach"));
        assertNull(created.jsonPath().get("_links.scaRedirect"));
        String basket = BASKETS + "/" + created.jsonPath().getString("basketId");
        assertNull(created.jsonPath().get("_links.updatePsuAuthentication"), "not in 1.3.6's _linksSigningBasket");
        String auth = created.jsonPath().getString("_links.scaStatus.href");

        // each step only in its turn; the PSU's mistakes with their codes
        assertError(put(auth, otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
        assertError(put(auth, password("Wrong-Pass-5a1t")), 401, "PsuCredentialsInvalid", "PSU_CREDENTIALS_INVALID");
        assertError(Signed.put(Tpps.BETA, auth, Map.of(), password("sandbox")), 404, "ResourceUnknown",
                "RESOURCE_UNKNOWN");
        Response authenticated = put(auth, password("sandbox"));
        assertEquals(200, authenticated.statusCode(), authenticated.asString());
        assertEquals("psuAuthenticated", authenticated.jsonPath().getString("scaStatus"));
        assertEquals(auth, authenticated.jsonPath().getString("_links.selectAuthenticationMethod.href"));
        assertError(put(auth, password("sandbox")), 409, "StatusInvalid", "STATUS_INVALID");
        Response selected = put(auth, "{\"authenticationMethodId\":\"sms\"}");
        assertEquals("scaMethodSelected", selected.jsonPath().getString("scaStatus"), selected.asString());
        assertEquals(auth, selected.jsonPath().getString("_links.authoriseTransaction.href"));
        assertError(put(auth, otp("640931")), 400, "ScaInvalid", "SCA_INVALID");
        assertEquals("RCVD", Signed.get(Tpps.ALPHA, basket + "/status").jsonPath().getString("transactionStatus"));

        Response finalised = put(auth, otp("123456"));
        assertEquals(200, finalised.statusCode(), finalised.asString());
        assertEquals("finalised", finalised.jsonPath().getString("scaStatus"));
        assertEquals("ACTC", Signed.get(Tpps.ALPHA, basket + "/status").jsonPath().getString("transactionStatus"));
        assertEquals("valid", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + consentId + "/status").jsonPath()
                .getString("consentStatus"));
        String atBank = bank().get(bankUrl + "/bank/v1/payments?idempotencyKey=" + payment).jsonPath()
                .getString("payments[0].transactionStatus");
        assertEquals(true, List.of("ACSP", "ACSC").contains(atBank), atBank);
        assertError(put(auth, otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
        assertError(Signed.post(Tpps.ALPHA, basket + "/authorisations", Map.of(), ""), 409, "StatusInvalid",
                "STATUS_INVALID");
    }

    @Test
    void anExplicitStartReplacesTheOpenAuthorisationAndAWrongOtpEndsIt() {
        // psu-fail: every code is wrong; the bank's third wrong code fails the basket's SCA and rejects its members
        Response consent = Signed.post(Tpps.ALPHA, Signed.AIS, Signed.redirectHeaders(),
                Signed.aisBody(null, 4, true, PSU_FAIL_MAIN));
        assertEquals(201, consent.statusCode(), consent.asString());
        String consentId = consent.jsonPath().getString("consentId");
        Map<String, String> embedded = headers();
        embedded.put("TPP-Redirect-Preferred", "false");
        Response created = Signed.post(Tpps.ALPHA, BASKETS, embedded, body(List.of(), List.of(consentId)));
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals("EMBEDDED", created.header("ASPSP-SCA-Approach"));
        String basket = BASKETS + "/" + created.jsonPath().getString("basketId");
        String first = created.jsonPath().getString("_links.scaStatus.href");

        Response started = Signed.post(Tpps.ALPHA, basket + "/authorisations", Map.of("PSU-ID", "psu-fail"),
                password("sandbox"));
        assertEquals(201, started.statusCode(), started.asString());
        assertEquals("EMBEDDED", started.header("ASPSP-SCA-Approach"));
        assertEquals("scaMethodSelected", started.jsonPath().getString("scaStatus"));
        String second = started.jsonPath().getString("_links.scaStatus.href");
        assertEquals(basket + "/authorisations/" + started.jsonPath().getString("authorisationId"), second);
        assertEquals("failed", Signed.get(Tpps.ALPHA, first).jsonPath().getString("scaStatus"));
        assertError(put(first, password("sandbox")), 409, "StatusInvalid", "STATUS_INVALID");
        assertEquals(2, Signed.get(Tpps.ALPHA, basket + "/authorisations").jsonPath().getList("authorisationIds")
                .size());

        assertError(put(second, otp("123456")), 400, "ScaInvalid", "SCA_INVALID");
        assertError(put(second, otp("123456")), 400, "ScaInvalid", "SCA_INVALID");
        assertError(put(second, otp("123456")), 400, "ScaInvalid", "SCA_INVALID");
        assertEquals("failed", Signed.get(Tpps.ALPHA, second).jsonPath().getString("scaStatus"));
        assertEquals("RJCT", Signed.get(Tpps.ALPHA, basket + "/status").jsonPath().getString("transactionStatus"));
        assertEquals("rejected", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + consentId + "/status").jsonPath()
                .getString("consentStatus"));
        assertError(put(second, otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
    }

    @Test
    void aDecoupledBasketIsApprovedInThePsusApp() throws InterruptedException {
        Response consent = Signed.post(Tpps.ALPHA, Signed.AIS, Signed.redirectHeaders(),
                Signed.aisBody(null, 4, true, PSU_DECOUPLED_MAIN));
        assertEquals(201, consent.statusCode(), consent.asString());
        String consentId = consent.jsonPath().getString("consentId");
        Map<String, String> decoupled = headers();
        decoupled.put("TPP-Redirect-Preferred", "false");
        decoupled.put("PSU-ID", "psu-decoupled");
        Response created = Signed.post(Tpps.ALPHA, BASKETS, decoupled, body(List.of(), List.of(consentId)));
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals("DECOUPLED", created.header("ASPSP-SCA-Approach"));
        assertNotNull(created.jsonPath().getString("psuMessage"), created.asString());
        String auth = created.jsonPath().getString("_links.scaStatus.href");
        assertError(put(auth, password("sandbox")), 409, "StatusInvalid", "STATUS_INVALID");
        // the TPP polls; the app answers after sandbox.decoupled-delay
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(15).toNanos();
        String status = null;
        while (System.nanoTime() < deadline && !"finalised".equals(status) && !"failed".equals(status)) {
            Thread.sleep(250);
            status = Signed.get(Tpps.ALPHA, auth).jsonPath().getString("scaStatus");
        }
        assertEquals("finalised", status);
        String basket = BASKETS + "/" + created.jsonPath().getString("basketId");
        assertEquals("ACTC", Signed.get(Tpps.ALPHA, basket + "/status").jsonPath().getString("transactionStatus"));
        assertEquals("valid", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + consentId + "/status").jsonPath()
                .getString("consentStatus"));
    }

    private static Response put(String path, String body) {
        return Signed.put(Tpps.ALPHA, path, Map.of(), body);
    }

    private static String password(String password) {
        return "{\"psuData\":{\"password\":\"" + password + "\"}}";
    }

    private static String otp(String otp) {
        return "{\"scaAuthenticationData\":\"" + otp + "\"}";
    }

    /**
     * Baskets naming one payment at once, as a TPP's retries or two of its workers send them: one takes it, every other
     * is told it is in another basket. The bank read the payment and then locked it, and a basket that committed in
     * between made that an optimistic-lock failure, which the TPP saw as 503.
     */
    @Test
    void basketsNamingOnePaymentAtOnceGiveItToOne() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(20);
        try {
            for (int round = 0; round < 3; round++) {
                String payment = bankPayment(Tpps.ALPHA);
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Response>> answers = new ArrayList<>();
                for (int i = 0; i < 20; i++) {
                    answers.add(threads.submit(() -> {
                        start.await();
                        return Signed.post(Tpps.ALPHA, BASKETS, headers(), body(List.of(payment), List.of()));
                    }));
                }
                start.countDown();
                Map<String, Integer> outcomes = new TreeMap<>();
                for (Future<Response> answer : answers) {
                    Response r = answer.get(1, TimeUnit.MINUTES);
                    String code = r.statusCode() < 300 ? "" : " " + r.jsonPath().getString("tppMessages[0].code");
                    outcomes.merge(r.statusCode() + code, 1, Integer::sum);
                }
                assertEquals(Map.of("201", 1, "400 RESOURCE_BLOCKED", 19), outcomes);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    /** A payment at the bank under a new gateway id (its idempotency key), as payment-service submits one. */
    private String bankPayment(TestTpp tpp) {
        return bankPayment(tpp, "\"debtorAccount\": {\"iban\": \"" + Psu.PSU1_MAIN + "\"}, ");
    }

    /** debtor: the debtorAccount field with its comma, or "" for a payment whose PSU picks the account at its SCA. */
    private String bankPayment(TestTpp tpp, String debtor) {
        String key = UUID.randomUUID().toString().replace("-", "");
        Response submitted = bank().body("""
                {"idempotencyKey": "%s", "paymentProduct": "sepa-credit-transfers", "tppId": "%s", "tppName": "Alpha TPP",
                 %s"creditorName": "Merchant GmbH",
                 "creditorAccount": {"iban": "DE89370400440532013000"},
                 "instructedAmount": {"currency": "EUR", "amount": "1.50"}, "returnUrl": "https://gateway.example/cb"}
                """.formatted(key, tpp.tppId(), debtor)).post(bankUrl + "/bank/v1/payments");
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
