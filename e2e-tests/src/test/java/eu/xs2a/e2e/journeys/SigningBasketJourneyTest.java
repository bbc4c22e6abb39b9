package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.P;
import static eu.xs2a.e2e.support.BerlinGroup.PAYMENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static eu.xs2a.e2e.support.BerlinGroup.PSU_IP;
import static eu.xs2a.e2e.support.BerlinGroup.path;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.response.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Signing baskets (docs/ARCHITECTURE.md "Signing baskets"): two payments and a consent authorised by psu1 with one
 * SCA in the browser, after which each payment is executed at the bank and the consent is valid for account reads;
 * and every misuse: another TPP's basket or members, a member already authorised, a member in another basket, a
 * member authorised on its own while in a basket, a basket deleted after its authorisation. A basket deleted before
 * its SCA frees its members. An embedded basket is authorised through the TPP's PUT steps, one OTP for every member.
 */
class SigningBasketJourneyTest extends Journey {

    static final String BASKETS = P + "/v1/signing-baskets";

    @Test
    void twoPaymentsAndAConsentAuthorisedWithOneSca() {
        Tpp tpp = newTpp("Basket Pay", "PSP_AI", "PSP_PI");
        Response first = payment(tpp, "1.11", "E2E-BASKET-1");
        Response second = payment(tpp, "2.22", "E2E-BASKET-2");
        String p1 = first.jsonPath().getString("paymentId");
        String p2 = second.jsonPath().getString("paymentId");
        Response consentCreated = tpp.post(CONSENTS, redirect(redirectUri("consent"), null), aisBody(PSU1_MAIN));
        assertStatus(201, consentCreated);
        String consentId = consentCreated.jsonPath().getString("consentId");
        assertEquals("received", consentStatus(tpp, consentId));

        String ok = redirectUri("basket");
        Response created = tpp.post(BASKETS, basketHeaders(ok), basket(List.of(p1, p2), List.of(consentId)));
        assertStatus(201, created);
        assertEquals("RCVD", created.jsonPath().getString("transactionStatus"));
        assertEquals("REDIRECT", created.header("ASPSP-SCA-Approach"));
        String basketId = created.jsonPath().getString("basketId");
        String basketPath = BASKETS + "/" + basketId;
        assertEquals(basketPath, created.header("Location"));
        Response read = tpp.get(basketPath);
        assertStatus(200, read);
        assertEquals(List.of(p1, p2), read.jsonPath().getList("payments"));
        assertEquals(List.of(consentId), read.jsonPath().getList("consents"));
        assertEquals("RCVD", tpp.get(basketPath + "/status").jsonPath().getString("transactionStatus"));
        Response authorisations = tpp.get(basketPath + "/authorisations");
        assertStatus(200, authorisations);
        assertEquals(1, authorisations.jsonPath().getList("authorisationIds").size(), authorisations.asString());

        // members in a basket: no second basket, no authorisation of their own
        assertError(tpp.post(BASKETS, basketHeaders(ok), basket(List.of(p1), List.of())), 400, "FormatError",
                "RESOURCE_BLOCKED");
        assertError(tpp.post(BASKETS, basketHeaders(ok), basket(List.of(), List.of(consentId))), 400, "FormatError",
                "RESOURCE_BLOCKED");
        assertError(tpp.post(CONSENTS + "/" + consentId + "/authorisations", new LinkedHashMap<>(), null), 400,
                "FormatError", "RESOURCE_BLOCKED");
        browser().open(first.jsonPath().getString("_links.scaRedirect.href"));
        assertFalse(browser().offersLogin(), browser().currentUrl() + " " + browser().pageText());
        assertTrue(browser().pageText().contains("signing basket"), browser().pageText());
        // another TPP neither sees the basket nor puts the members in one of its own
        Tpp other = newTpp("Other Basket Pay", "PSP_AI", "PSP_PI");
        assertError(other.get(basketPath), 404, "ResourceUnknown", "RESOURCE_UNKNOWN");
        assertError(other.post(BASKETS, basketHeaders(ok), basket(List.of(p2), List.of())), 400, "FormatError",
                "RESOURCE_UNKNOWN");
        assertError(other.post(BASKETS, basketHeaders(ok), basket(List.of(), List.of(consentId))), 400,
                "FormatError", "RESOURCE_UNKNOWN");

        // one SCA for all three
        assertEquals(ok, browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), "psu1"));
        assertEquals("ACTC", tpp.get(basketPath + "/status").jsonPath().getString("transactionStatus"));
        assertEquals("finalised", tpp.get(path(created.jsonPath().getString("_links.scaStatus.href")))
                .jsonPath().getString("scaStatus"));
        for (String payment : List.of(p1, p2)) {
            assertEquals("ACSC", eventually("the bank executing payment " + payment,
                    () -> tpp.get(PAYMENTS + "/" + payment + "/status").jsonPath().getString("transactionStatus"),
                    status -> List.of("ACSC", "RJCT", "CANC").contains(status)));
        }
        assertEquals("valid", consentStatus(tpp, consentId));
        assertStatus(200, tpp.get(ACCOUNTS, consent(consentId)));

        // authorised members join no basket; an authorised basket cannot be deleted
        assertError(tpp.post(BASKETS, basketHeaders(ok), basket(List.of(p1), List.of())), 409, "StatusInvalid",
                "REFERENCE_STATUS_INVALID");
        assertError(tpp.post(BASKETS, basketHeaders(ok), basket(List.of(), List.of(consentId))), 409,
                "StatusInvalid", "REFERENCE_STATUS_INVALID");
        assertError(tpp.delete(basketPath, new LinkedHashMap<>()), 409, "StatusInvalid", "STATUS_INVALID");
    }

    @Test
    void aBasketDeletedBeforeItsScaFreesItsMembers() {
        Tpp tpp = newTpp("Basket Pay", "PSP_PI");
        Response created = payment(tpp, "3.33", "E2E-BASKET-3");
        String paymentId = created.jsonPath().getString("paymentId");
        Response basket = tpp.post(BASKETS, basketHeaders(redirectUri("basket")), basket(List.of(paymentId), List.of()));
        assertStatus(201, basket);
        String basketPath = BASKETS + "/" + basket.jsonPath().getString("basketId");
        assertError(tpp.post(BASKETS, basketHeaders(redirectUri("basket")), basket(List.of(), List.of())), 400,
                "FormatError", "FORMAT_ERROR");

        assertStatus(204, tpp.delete(basketPath, new LinkedHashMap<>()));
        assertEquals("CANC", tpp.get(basketPath + "/status").jsonPath().getString("transactionStatus"));
        // the basket's link leads nowhere now; the payment's own does
        browser().open(basket.jsonPath().getString("_links.scaRedirect.href"));
        assertFalse(browser().offersLogin(), browser().currentUrl() + " " + browser().pageText());
        String ok = created.jsonPath().getString("_links.scaRedirect.href");
        browser().approveAll(ok, "psu1");
        assertEquals("ACSC", eventually("the bank executing the payment",
                () -> tpp.get(PAYMENTS + "/" + paymentId + "/status").jsonPath().getString("transactionStatus"),
                status -> List.of("ACSC", "RJCT", "CANC").contains(status)));
    }

    @Test
    void anEmbeddedBasketIsAuthorisedThroughTheTppWithOneOtp() {
        Tpp tpp = newTpp("Basket Embedded", "PSP_AI", "PSP_PI");
        String paymentId = payment(tpp, "4.44", "E2E-BASKET-4").jsonPath().getString("paymentId");
        Response consentCreated = tpp.post(CONSENTS, redirect(redirectUri("consent"), null), aisBody(PSU1_MAIN));
        assertStatus(201, consentCreated);
        String consentId = consentCreated.jsonPath().getString("consentId");

        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("PSU-IP-Address", PSU_IP);
        headers.put("TPP-Redirect-Preferred", "false");
        headers.put("PSU-ID", "psu1");
        Response created = tpp.post(BASKETS, headers, basket(List.of(paymentId), List.of(consentId)));
        assertStatus(201, created);
        assertEquals("EMBEDDED", created.header("ASPSP-SCA-Approach"));
        String basketPath = BASKETS + "/" + created.jsonPath().getString("basketId");
        String authorisation = path(created.jsonPath().getString("_links.scaStatus.href"));

        assertError(tpp.send("PUT", authorisation, Map.of(), otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
        Response authenticated = tpp.send("PUT", authorisation, Map.of("PSU-ID", "psu1"),
                password("sandbox"));
        assertStatus(200, authenticated);
        assertEquals("psuAuthenticated", authenticated.jsonPath().getString("scaStatus"));
        Response selected = tpp.send("PUT", path(authenticated.jsonPath()
                .getString("_links.selectAuthenticationMethod.href")), Map.of(), "{\"authenticationMethodId\":\"sms\"}");
        assertStatus(200, selected);
        String authorise = path(selected.jsonPath().getString("_links.authoriseTransaction.href"));
        assertError(tpp.send("PUT", authorise, Map.of(), otp("000000")), 400, "ScaInvalid", "SCA_INVALID");
        Response finalised = tpp.send("PUT", authorise, Map.of(), otp("123456"));
        assertStatus(200, finalised);
        assertEquals("finalised", finalised.jsonPath().getString("scaStatus"));

        assertEquals("ACTC", tpp.get(basketPath + "/status").jsonPath().getString("transactionStatus"));
        assertEquals("valid", consentStatus(tpp, consentId));
        assertStatus(200, tpp.get(ACCOUNTS, consent(consentId)));
        assertEquals("ACSC", eventually("the bank executing payment " + paymentId,
                () -> tpp.get(PAYMENTS + "/" + paymentId + "/status").jsonPath().getString("transactionStatus"),
                status -> List.of("ACSC", "RJCT", "CANC").contains(status)));
    }

    private static Response payment(Tpp tpp, String amount, String endToEnd) {
        Response created = tpp.post(PAYMENTS, PaymentJourneyTest.paymentHeaders(redirectUri("paid"), null),
                PaymentJourneyTest.paymentBody(PSU1_MAIN, amount, endToEnd, null));
        assertStatus(201, created);
        return created;
    }

    static Map<String, String> basketHeaders(String ok) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("PSU-IP-Address", PSU_IP);
        headers.put("TPP-Redirect-Preferred", "true");
        headers.put("TPP-Redirect-URI", ok);
        return headers;
    }

    static String basket(List<String> paymentIds, List<String> consentIds) {
        return "{\"paymentIds\": " + json(paymentIds) + ", \"consentIds\": " + json(consentIds) + "}";
    }

    private static String json(List<String> ids) {
        return ids.stream().map(id -> "\"" + id + "\"").reduce((a, b) -> a + ", " + b).map(s -> "[" + s + "]")
                .orElse("[]");
    }
}
