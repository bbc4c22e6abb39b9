package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.PAYMENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PROVIDER;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static eu.xs2a.e2e.support.BerlinGroup.PSU_IP;
import static eu.xs2a.e2e.support.BerlinGroup.path;
import static eu.xs2a.e2e.journeys.PaymentJourneyTest.paymentBody;
import static eu.xs2a.e2e.journeys.PaymentJourneyTest.transactionStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import eu.xs2a.e2e.support.BankDays;
import io.restassured.response.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A PISP that builds an app asks for embedded and decoupled SCA (TPP-Redirect-Preferred false) of its payments and
 * their cancellations: psu1 selects a method and types the code into the app, psu-embedded has one method,
 * psu-decoupled approves in the bank's app while the PISP polls, psu-decoupled-deny denies there. Every wrong step
 * answers its Berlin Group code; every answer is checked against the Berlin Group file on the way
 * (ConformanceFilter).
 */
class EmbeddedAndDecoupledPaymentJourneyTest extends Journey {

    private static final String PSU_EMBEDDED_MAIN = "DE66100200300800000011";
    private static final String PSU_DECOUPLED_MAIN = "DE65100200300800000029";
    private static final String PSU_DECOUPLED_DENY_MAIN = "DE43100200300800000037";

    @Test
    void embeddedPaymentWithMethodSelectionAndEveryWrongStep() {
        Tpp pisp = newTpp("Delta Embedded Pay", "PSP_PI");
        Tpp other = newTpp("Epsilon Pay", "PSP_PI");
        Response created = pisp.post(PAYMENTS, headers("psu1"), paymentBody(PSU1_MAIN, "3.21", "E2E-EMB-1", null));
        assertStatus(201, created);
        assertEquals("EMBEDDED", created.header("ASPSP-SCA-Approach"));
        assertNull(created.jsonPath().get("_links.scaRedirect"));
        String payment = PAYMENTS + "/" + created.jsonPath().getString("paymentId");
        String authorisation = path(created.jsonPath().getString("_links.updatePsuAuthentication.href"));

        assertError(pisp.send("PUT", authorisation, Map.of(), otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
        assertError(pisp.send("PUT", authorisation, Map.of("PSU-ID", "psu1"), password("not-the-password")), 401,
                "PsuCredentialsInvalid", "PSU_CREDENTIALS_INVALID");
        // another TPP's authorisation answers as one that never existed
        assertError(other.send("PUT", authorisation, Map.of("PSU-ID", "psu1"), password("sandbox")), 404,
                "ResourceUnknown", "RESOURCE_UNKNOWN");
        Response authenticated = pisp.send("PUT", authorisation, Map.of("PSU-ID", "psu1"), password("sandbox"));
        assertStatus(200, authenticated);
        assertEquals("psuAuthenticated", authenticated.jsonPath().getString("scaStatus"));
        assertEquals(List.of("sms", "chip"), authenticated.jsonPath().getList("scaMethods.authenticationMethodId"));
        assertError(pisp.send("PUT", authorisation, Map.of(), "{\"authenticationMethodId\":\"fax\"}"), 400,
                "ScaMethodUnknown", "SCA_METHOD_UNKNOWN");
        Response selected = pisp.send("PUT", path(authenticated.jsonPath()
                .getString("_links.selectAuthenticationMethod.href")), Map.of(), "{\"authenticationMethodId\":\"chip\"}");
        assertStatus(200, selected);
        assertEquals("scaMethodSelected", selected.jsonPath().getString("scaStatus"));
        String authorise = path(selected.jsonPath().getString("_links.authoriseTransaction.href"));
        assertError(pisp.send("PUT", authorise, Map.of(), otp("000000")), 400, "ScaInvalid", "SCA_INVALID");
        Response finalised = pisp.send("PUT", authorise, Map.of(), otp("123456"));
        assertStatus(200, finalised);
        assertEquals("finalised", finalised.jsonPath().getString("scaStatus"));
        assertEquals("ACSC", eventually("the bank settling the payment", () -> transactionStatus(pisp, payment),
                s -> List.of("ACSC", "RJCT", "CANC").contains(s)));
        // after the end
        assertError(pisp.send("PUT", authorise, Map.of(), otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
    }

    @Test
    void explicitStartWithThePasswordAndThreeWrongCodes() {
        Tpp pisp = newTpp("Zeta Embedded Pay", "PSP_PI");
        Map<String, String> explicit = headers("psu-embedded");
        explicit.put("TPP-Explicit-Authorisation-Preferred", "true");
        Response created = pisp.post(PAYMENTS, explicit, paymentBody(PSU_EMBEDDED_MAIN, "1.11", "E2E-EMB-2", null));
        assertStatus(201, created);
        String start = path(created.jsonPath().getString("_links.startAuthorisationWithPsuAuthentication.href"));
        Response started = pisp.post(start, Map.of("PSU-ID", "psu-embedded"), password("sandbox"));
        assertStatus(201, started);
        assertEquals("scaMethodSelected", started.jsonPath().getString("scaStatus"));
        assertEquals("sms", started.jsonPath().getString("chosenScaMethod.authenticationMethodId"));
        String authorise = path(started.jsonPath().getString("_links.authoriseTransaction.href"));
        assertEquals(List.of(started.jsonPath().getString("authorisationId")),
                pisp.get(start).jsonPath().getList("authorisationIds"));
        for (int attempt = 1; attempt <= 3; attempt++) {
            assertError(pisp.send("PUT", authorise, Map.of(), otp("999999")), 400, "ScaInvalid", "SCA_INVALID");
        }
        assertEquals("failed", pisp.get(authorise).jsonPath().getString("scaStatus"));
        assertEquals("RJCT", transactionStatus(pisp, PAYMENTS + "/" + created.jsonPath().getString("paymentId")));
    }

    @Test
    void decoupledPaymentsApprovedAndDeniedInTheBanksApp() {
        Tpp pisp = newTpp("Eta Decoupled Pay", "PSP_PI");
        Response created = pisp.post(PAYMENTS, headers("psu-decoupled"),
                paymentBody(PSU_DECOUPLED_MAIN, "2.22", "E2E-DEC-1", null));
        assertStatus(201, created);
        assertEquals("DECOUPLED", created.header("ASPSP-SCA-Approach"));
        assertNotNull(created.jsonPath().getString("psuMessage"), created.asString());
        String scaStatus = path(created.jsonPath().getString("_links.scaStatus.href"));
        assertError(pisp.send("PUT", scaStatus, Map.of("PSU-ID", "psu-decoupled"), password("sandbox")), 409,
                "StatusInvalid", "STATUS_INVALID");
        assertEquals("finalised", eventually("the decoupled SCA ends",
                () -> pisp.get(scaStatus).jsonPath().getString("scaStatus"), s -> "finalised".equals(s) || "failed".equals(s)));
        String payment = PAYMENTS + "/" + created.jsonPath().getString("paymentId");
        assertEquals("ACSC", eventually("the bank settling the payment", () -> transactionStatus(pisp, payment),
                s -> List.of("ACSC", "RJCT", "CANC").contains(s)));

        Response denied = pisp.post(PAYMENTS, headers("psu-decoupled-deny"),
                paymentBody(PSU_DECOUPLED_DENY_MAIN, "2.33", "E2E-DEC-2", null));
        assertStatus(201, denied);
        String deniedStatus = path(denied.jsonPath().getString("_links.scaStatus.href"));
        assertEquals("failed", eventually("the decoupled denial",
                () -> pisp.get(deniedStatus).jsonPath().getString("scaStatus"), s -> "finalised".equals(s) || "failed".equals(s)));
        assertEquals("RJCT", transactionStatus(pisp, PAYMENTS + "/" + denied.jsonPath().getString("paymentId")));
    }

    @Test
    void embeddedAndDecoupledCancellations() {
        Tpp pisp = newTpp("Theta Cancelling Pay", "PSP_PI");
        String tomorrow = BankDays.today(PROVIDER).plusDays(1).toString();

        // embedded: psu-embedded authorises the payment, then its cancellation, in the app
        Response created = pisp.post(PAYMENTS, headers("psu-embedded"),
                paymentBody(PSU_EMBEDDED_MAIN, "4.44", "E2E-CANC-EMB", tomorrow));
        assertStatus(201, created);
        String payment = PAYMENTS + "/" + created.jsonPath().getString("paymentId");
        String authorisation = path(created.jsonPath().getString("_links.updatePsuAuthentication.href"));
        assertStatus(200, pisp.send("PUT", authorisation, Map.of(), password("sandbox")));
        assertStatus(200, pisp.send("PUT", authorisation, Map.of(), otp("123456")));
        assertEquals("ACSP", transactionStatus(pisp, payment));
        Response cancellation = pisp.delete(payment, Map.of("TPP-Redirect-Preferred", "false"));
        assertStatus(202, cancellation);
        assertEquals("EMBEDDED", cancellation.header("ASPSP-SCA-Approach"));
        String cancel = path(cancellation.jsonPath().getString("_links.updatePsuAuthentication.href"));
        assertError(pisp.send("PUT", cancel, Map.of(), otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
        assertStatus(200, pisp.send("PUT", cancel, Map.of(), password("sandbox")));
        Response done = pisp.send("PUT", cancel, Map.of(), otp("123456"));
        assertStatus(200, done);
        assertEquals("finalised", done.jsonPath().getString("scaStatus"));
        assertEquals("CANC", transactionStatus(pisp, payment));

        // decoupled: psu-decoupled approves the payment and its cancellation in the bank's app
        Response decoupled = pisp.post(PAYMENTS, headers("psu-decoupled"),
                paymentBody(PSU_DECOUPLED_MAIN, "5.55", "E2E-CANC-DEC", tomorrow));
        assertStatus(201, decoupled);
        String decoupledPayment = PAYMENTS + "/" + decoupled.jsonPath().getString("paymentId");
        assertEquals("ACSP", eventually("the app's approval", () -> transactionStatus(pisp, decoupledPayment),
                s -> !"RCVD".equals(s)));
        Response decoupledCancellation = pisp.delete(decoupledPayment, Map.of("TPP-Redirect-Preferred", "false"));
        assertStatus(202, decoupledCancellation);
        assertEquals("DECOUPLED", decoupledCancellation.header("ASPSP-SCA-Approach"));
        String cancelStatus = path(decoupledCancellation.jsonPath().getString("_links.scaStatus.href"));
        assertEquals("finalised", eventually("the app's approval of the cancellation",
                () -> pisp.get(cancelStatus).jsonPath().getString("scaStatus"), s -> "finalised".equals(s) || "failed".equals(s)));
        assertEquals("CANC", transactionStatus(pisp, decoupledPayment));
    }

    private static Map<String, String> headers(String psu) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("PSU-IP-Address", PSU_IP);
        headers.put("TPP-Redirect-Preferred", "false");
        headers.put("PSU-ID", psu);
        return headers;
    }
}
