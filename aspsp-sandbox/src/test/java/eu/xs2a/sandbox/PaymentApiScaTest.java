package eu.xs2a.sandbox;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * SCA of payments and cancellations through the bank API (BANK-API.md "SCA through the API"): the embedded steps on
 * {@code /bank/v1/payments/{id}/sca} and {@code …/cancellation-sca}, a decoupled push with the submission, the
 * outcomes the pages have, and the service credential on every path.
 */
@QuarkusTest
class PaymentApiScaTest {

    private static final String EMBEDDED_MAIN = "DE66100200300800000011";
    private static final String DECOUPLED_MAIN = "DE65100200300800000029";

    private static Response step(String id, String sca, String step, Map<String, Object> body) {
        return Bank.api().body(body).post("/bank/v1/payments/" + id + "/" + sca + (step == null ? "" : "/" + step));
    }

    @Test
    void everyScaPathNeedsTheServiceCredential() {
        for (String path : new String[] {"/bank/v1/payments/BP-x/sca", "/bank/v1/payments/BP-x/sca/authentication",
                "/bank/v1/payments/BP-x/cancellation-sca/otp", "/bank/v1/consents/BC-x/sca/method"}) {
            given().contentType(ContentType.JSON).body("{}").post(path).then().statusCode(401);
        }
    }

    @Test
    void embeddedPaymentThenItsEmbeddedCancellation() {
        Map<String, Object> order = Bank.payment(null, "12.00");
        order.put("requestedExecutionDate", Bank.today().plusDays(3).toString());
        String id = Bank.submitPayment(order).path("bankPaymentId");

        step(id, "sca", "otp", Map.of("otp", "123456")).then().statusCode(409).body("code", equalTo("STATUS_INVALID"));
        step(id, "sca", "authentication", Map.of("psuId", "psu-embedded", "password", "wrong")).then().statusCode(200)
                .body("error", equalTo("PSU_CREDENTIALS_INVALID")).body("scaStatus", equalTo("received"));
        step(id, "sca", "authentication", Map.of("psuId", "psu-embedded", "password", "sandbox")).then()
                .statusCode(200).body("scaStatus", equalTo("scaMethodSelected"))
                .body("chosenScaMethod.authenticationMethodId", equalTo("sms"));
        step(id, "sca", "otp", Map.of("otp", "123456")).then().statusCode(200).body("scaStatus", equalTo("finalised"));
        // no debtorAccount in the order: paid from the PSU's first account
        Bank.getPayment(id).then().body("transactionStatus", equalTo("ACSP")).body("debtorAccount.iban",
                equalTo(EMBEDDED_MAIN));

        Response cancellation = Bank.api().body(Map.of("returnUrl", Bank.RETURN_URL))
                .post("/bank/v1/payments/" + id + "/cancellations");
        cancellation.then().statusCode(200).body("scaStatus", equalTo("received"));
        step(id, "cancellation-sca", "authentication", Map.of("psuId", "psu-embedded", "password", "sandbox")).then()
                .statusCode(200).body("scaStatus", equalTo("scaMethodSelected"));
        step(id, "cancellation-sca", "otp", Map.of("otp", "123456")).then().statusCode(200)
                .body("scaStatus", equalTo("finalised"));
        Bank.getPayment(id).then().body("transactionStatus", equalTo("CANC"))
                .body("cancellation.scaStatus", equalTo("finalised"));
        step(id, "cancellation-sca", "otp", Map.of("otp", "123456")).then().statusCode(409);
    }

    @Test
    void eachStepKeepsThePsuContextItCarriesAndAStepWithoutOneKeepsTheLast() {
        Map<String, Object> order = Bank.payment(null, "4.00");
        order.put("requestedExecutionDate", Bank.today().plusDays(3).toString()); // cancellable after its SCA
        order.put("psuContext", Map.of("ipAddress", "192.0.2.10"));
        String id = Bank.submitPayment(order).path("bankPaymentId");
        Bank.getPayment(id).then().body("psuContext.ipAddress", equalTo("192.0.2.10"))
                .body("scaPsuContext", equalTo(null));

        Map<String, String> atLogin = Map.of("ipAddress", "198.51.100.7", "deviceId",
                "99435c7e-ad88-49ec-a2ad-99ddcb1f7721");
        step(id, "sca", "authentication", Map.of("psuId", "psu-embedded", "password", "wrong", "psuContext", atLogin))
                .then().statusCode(200).body("error", equalTo("PSU_CREDENTIALS_INVALID"));
        // a refused step's context is kept too: the failed attempt is what fraud monitoring looks at
        Bank.getPayment(id).then().body("scaPsuContext.ipAddress", equalTo("198.51.100.7"))
                .body("scaPsuContext.deviceId", equalTo("99435c7e-ad88-49ec-a2ad-99ddcb1f7721"))
                .body("psuContext.ipAddress", equalTo("192.0.2.10"));

        step(id, "sca", "authentication", Map.of("psuId", "psu-embedded", "password", "sandbox")).then()
                .statusCode(200).body("scaStatus", equalTo("scaMethodSelected"));
        Bank.getPayment(id).then().body("scaPsuContext.ipAddress", equalTo("198.51.100.7"));
        step(id, "sca", "otp", Map.of("otp", "123456", "psuContext", Map.of("geoLocation", "GEO:52.506931;13.144558")))
                .then().statusCode(200).body("scaStatus", equalTo("finalised"));
        Bank.getPayment(id).then().body("scaPsuContext.geoLocation", equalTo("GEO:52.506931;13.144558"))
                .body("scaPsuContext.ipAddress", equalTo(null));

        // the cancellation's request starts its SCA: its context is kept as a step's
        Bank.api().body(Map.of("returnUrl", Bank.RETURN_URL, "psuContext", Map.of("ipAddress", "203.0.113.4")))
                .post("/bank/v1/payments/" + id + "/cancellations").then().statusCode(200);
        Bank.getPayment(id).then().body("scaPsuContext.ipAddress", equalTo("203.0.113.4"));
        step(id, "cancellation-sca", null, Map.of("psuContext", Map.of("ipAddress", "203.0.113.5"))).then()
                .statusCode(200).body("scaStatus", equalTo("received"));
        Bank.getPayment(id).then().body("scaPsuContext.ipAddress", equalTo("203.0.113.5"));
    }

    @Test
    void aDecoupledSubmissionPushesAtOnceAndTheAppApproves() {
        Map<String, Object> order = Bank.payment(DECOUPLED_MAIN, "3.00");
        order.put("psuId", "psu-decoupled");
        order.put("scaApproach", "DECOUPLED");
        Response created = Bank.submitPayment(order);
        assertEquals("scaMethodSelected", created.path("scaStatus"));
        assertEquals("Please confirm the request in your SandboxBank app.", created.path("psuMessage"));
        String id = created.path("bankPaymentId");
        // approved in the app, not with a code
        step(id, "sca", "otp", Map.of("otp", "123456")).then().statusCode(409);
        Bank.eventually(() -> "finalised".equals(Bank.getPayment(id).path("scaStatus")), "the app's approval");
        Bank.getPayment(id).then().body("transactionStatus", equalTo("ACSP"));
    }
}
