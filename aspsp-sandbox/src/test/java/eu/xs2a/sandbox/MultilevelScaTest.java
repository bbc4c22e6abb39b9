package eu.xs2a.sandbox;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Multilevel SCA (BANK-API.md "Multilevel SCA"): psu-corp-a and psu-corp-b both sign for the corporate account that
 * needs two signatures. The first signature partially authorises a consent (partiallyAuthorised) or a payment (PATC),
 * the second authorises it; each signatory signs once; the pages count each signatory's approval alike.
 */
@QuarkusTest
class MultilevelScaTest {

    static final String CORP = "DE02100200300900000015";

    private static Response step(String path, String step, Map<String, Object> body) {
        return Bank.api().body(body).post(path + (step == null ? "" : "/" + step));
    }

    /** The signatory's embedded SCA (one method: sms) through the API, to finalised. */
    private static void sign(String scaPath, String psu) {
        step(scaPath, "authentication", Map.of("psuId", psu, "password", "sandbox")).then().statusCode(200)
                .body("scaStatus", equalTo("scaMethodSelected"))
                .body("chosenScaMethod.authenticationMethodId", equalTo("sms"));
        step(scaPath, "otp", Map.of("otp", "123456")).then().statusCode(200).body("scaStatus", equalTo("finalised"));
    }

    @Test
    void bothSignatoriesHoldTheCorporateAccountAsTheirOnlyOne() {
        for (String psu : List.of("psu-corp-a", "psu-corp-b")) {
            String consent = Bank.validConsent(Bank.allPsd2(), psu);
            // one signature is not enough for the corporate account: the page's approval partially authorises
            Bank.api().get("/bank/v1/consents/" + consent).then().body("status", equalTo("partiallyAuthorised"));
        }
    }

    @Test
    void aConsentIsPartiallyAuthorisedByTheFirstSignatoryAndValidAfterTheSecond() {
        String id = Bank.registerConsent(Bank.aisConsent(Map.of("accounts", List.of(Bank.ref(CORP))), "psu-corp-a"))
                .path("bankConsentId");
        String sca = "/bank/v1/consents/" + id + "/sca";
        sign(sca, "psu-corp-a");
        Bank.api().get("/bank/v1/consents/" + id).then().body("status", equalTo("partiallyAuthorised"))
                .body("scaStatus", equalTo("received"));
        Bank.api().get("/bank/v1/consents/" + id + "/accounts").then().body("code", equalTo("CONSENT_INVALID"));

        // the same signatory again: out of order, and the consent stays as it is
        step(sca, "authentication", Map.of("psuId", "psu-corp-a", "password", "sandbox")).then().statusCode(409)
                .body("code", equalTo("STATUS_INVALID"));
        // the TPP starts the second signatory's SCA (the gateway's explicit start)
        step(sca, null, Map.of()).then().statusCode(200).body("scaStatus", equalTo("received"));
        sign(sca, "psu-corp-b");
        Bank.api().get("/bank/v1/consents/" + id).then().body("status", equalTo("valid"))
                .body("scaStatus", equalTo("finalised"));
        List<String> ibans = Bank.api().get("/bank/v1/consents/" + id + "/accounts").then().statusCode(200)
                .extract().path("accounts.iban");
        assertEquals(List.of(CORP), ibans);
        step(sca, "authentication", Map.of("psuId", "psu-corp-b", "password", "sandbox")).then().statusCode(409);
    }

    @Test
    void aPaymentIsPatcAfterTheFirstSignatureAndExecutedAfterTheSecond() {
        Map<String, Object> order = Bank.payment(CORP, "250.00");
        order.put("psuId", "psu-corp-a");
        String id = Bank.submitPayment(order).path("bankPaymentId");
        String sca = "/bank/v1/payments/" + id + "/sca";
        sign(sca, "psu-corp-a");
        Bank.getPayment(id).then().body("transactionStatus", equalTo("PATC"));
        step(sca, "authentication", Map.of("psuId", "psu-corp-a", "password", "sandbox")).then().statusCode(409)
                .body("code", equalTo("STATUS_INVALID"));
        // a PSU who does not hold the account cannot give the second signature: the SCA fails
        step(sca, "authentication", Map.of("psuId", "psu-embedded", "password", "sandbox")).then().statusCode(200)
                .body("error", equalTo("PSU_CREDENTIALS_INVALID"));
        Bank.getPayment(id).then().body("transactionStatus", equalTo("RJCT")).body("statusReason", equalTo("AC01"));

        Map<String, Object> second = Bank.payment(CORP, "250.00");
        second.put("psuId", "psu-corp-b");
        String paid = Bank.submitPayment(second).path("bankPaymentId");
        sign("/bank/v1/payments/" + paid + "/sca", "psu-corp-b");
        Bank.getPayment(paid).then().body("transactionStatus", equalTo("PATC"));
        step("/bank/v1/payments/" + paid + "/sca", null, Map.of()).then().statusCode(200);
        sign("/bank/v1/payments/" + paid + "/sca", "psu-corp-a");
        Bank.getPayment(paid).then().body("transactionStatus", equalTo("ACSP"));
    }

    @Test
    void aPartiallyAuthorisedPaymentIsCancelledAtOnce() {
        Map<String, Object> order = Bank.payment(CORP, "10.00");
        String id = Bank.submitPayment(order).path("bankPaymentId");
        sign("/bank/v1/payments/" + id + "/sca", "psu-corp-b");
        Bank.api().body(Map.of()).post("/bank/v1/payments/" + id + "/cancellations").then().statusCode(200);
        Bank.getPayment(id).then().body("transactionStatus", equalTo("CANC"));
    }

    @Test
    void onThePagesEachSignatoryApprovesWithTheSameLink() {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        String link = created.path("scaUrl");
        String id = created.path("bankConsentId");
        PsuBrowser.approve(link, "psu-corp-a").then().statusCode(303).header("Location", startsWith(Bank.RETURN_URL));
        Bank.api().get("/bank/v1/consents/" + id).then().body("status", equalTo("partiallyAuthorised"));

        PsuBrowser.open(link).login("psu-corp-a", "sandbox").then().statusCode(409)
                .body(containsString("already approved"));
        PsuBrowser.approve(link, "psu-corp-b").then().statusCode(303);
        Bank.api().get("/bank/v1/consents/" + id).then().body("status", equalTo("valid"));
        given().redirects().follow(false).get(link).then().statusCode(410);
    }
}
