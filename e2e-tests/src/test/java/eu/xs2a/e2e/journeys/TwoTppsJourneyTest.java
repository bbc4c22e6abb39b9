package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PAYMENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.testsupport.TestKeys;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Two TPPs side by side with the same PSU, each with a seal it minted itself at the sandbox: each sees only its own
 * consents, accounts and payments. The other TPP's resources answer exactly like resources that never existed
 * (ConsentUnknown 401 for consents, ResourceUnknown 404 for payments, whose ids are sequential integers and so
 * guessable), a TPP's own consent is not visible under another provider code either, and the sandbox does not hand
 * one TPP a seal of the other's organisation.
 */
class TwoTppsJourneyTest extends Journey {

    @Test
    void neitherTppSeesTheOthersResources() {
        Tpp alpha = newTpp("Alpha Side", "PSP_AI", "PSP_PI");
        Tpp beta = newTpp("Beta Side", "PSP_AI", "PSP_PI");

        String alphaConsent = approvedConsent(alpha, aisBody(PSU1_MAIN));
        String betaConsent = approvedConsent(beta, aisBody(PSU1_MAIN));
        Response alphaPayment = alpha.post(PAYMENTS, PaymentJourneyTest.paymentHeaders(redirectUri("paid"), null),
                PaymentJourneyTest.paymentBody(PSU1_MAIN, "1.00", "E2E-ALPHA", null));
        assertStatus(201, alphaPayment);
        String alphaPaymentPath = PAYMENTS + "/" + alphaPayment.jsonPath().getString("paymentId");
        String alphaAccount = accountId(alpha, alphaConsent, PSU1_MAIN);
        String betaAccount = accountId(beta, betaConsent, PSU1_MAIN);

        // beta probes alpha's consent: exactly the answer of a consent that never existed
        Response never = beta.get(CONSENTS + "/no-such-consent");
        assertError(never, 401, "ConsentUnknown", "CONSENT_UNKNOWN");
        assertError(beta.get(CONSENTS + "/" + alphaConsent), 401, "ConsentUnknown", "CONSENT_UNKNOWN");
        assertError(beta.get(CONSENTS + "/" + alphaConsent + "/status"), 401, "ConsentUnknown", "CONSENT_UNKNOWN");
        assertError(beta.get(ACCOUNTS, consent(alphaConsent)), 401, "ConsentUnknown", "CONSENT_UNKNOWN");
        assertError(beta.delete(CONSENTS + "/" + alphaConsent, Map.of()), 401, "ConsentUnknown", "CONSENT_UNKNOWN");
        // and alpha's account under its own consent of the same PSU only if its consent covers it
        Response alphaAccountForBeta = beta.get(ACCOUNTS + "/" + alphaAccount + "/balances", consent(betaConsent));
        if (!alphaAccount.equals(betaAccount)) {
            assertError(alphaAccountForBeta, 404, "ResourceUnknown", "RESOURCE_UNKNOWN");
        } else {
            assertStatus(200, alphaAccountForBeta);
        }

        // beta probes alpha's payment
        assertError(beta.get(PAYMENTS + "/999999999"), 404, "ResourceUnknown", "RESOURCE_UNKNOWN");
        assertError(beta.get(alphaPaymentPath), 404, "ResourceUnknown", "RESOURCE_UNKNOWN");
        assertError(beta.get(alphaPaymentPath + "/status"), 404, "ResourceUnknown", "RESOURCE_UNKNOWN");
        assertError(beta.delete(alphaPaymentPath, PaymentJourneyTest.cancelHeaders()), 404, "ResourceUnknown", "RESOURCE_UNKNOWN");

        // payment ids are random, 192 bits as consent ids: no neighbour to guess, no count of payments to read off
        String alphaPaymentId = alphaPayment.jsonPath().getString("paymentId");
        assertTrue(alphaPaymentId.matches("[A-Za-z0-9_-]{32}"), alphaPaymentId);
        Response alphaSecond = alpha.post(PAYMENTS, PaymentJourneyTest.paymentHeaders(redirectUri("paid"), null),
                PaymentJourneyTest.paymentBody(PSU1_MAIN, "2.00", "E2E-ALPHA-2", null));
        assertStatus(201, alphaSecond);
        assertNotEquals(alphaPaymentId, alphaSecond.jsonPath().getString("paymentId"));

        // nor can beta become alpha: the sandbox issues a seal of alpha's organisation to nobody but alpha
        Response unsigned = given().baseUri(stack.baseUrl()).contentType("application/json")
                .body(Tpp.certificateRequest(alpha.organizationIdentifier(), "Alpha Side", TestKeys.ec(), "PSP_AI",
                        "PSP_PI"))
                .post(Tpp.SANDBOX_CERTIFICATES);
        assertError(unsigned, 403, "AccessDenied", "CERTIFICATE_INVALID");
        assertError(beta.requestCertificate(alpha.organizationIdentifier(), "PSP_AI", "PSP_PI"), 403, "AccessDenied",
                "CERTIFICATE_INVALID");
        assertStatus(200, alpha.requestCertificate(alpha.organizationIdentifier(), "PSP_AI"));

        // alpha's own consent under another provider code is unknown too
        assertError(alpha.get("/sandbox2/api/berlingroup/v1/consents/" + alphaConsent), 401, "ConsentUnknown",
                "CONSENT_UNKNOWN");

        // nothing beta did touched alpha's resources
        assertEquals("valid", consentStatus(alpha, alphaConsent));
        assertStatus(200, alpha.get(ACCOUNTS, consent(alphaConsent)));
        assertEquals("RCVD", alpha.get(alphaPaymentPath + "/status").jsonPath().getString("transactionStatus"));
        assertEquals("valid", consentStatus(beta, betaConsent));
    }
}
