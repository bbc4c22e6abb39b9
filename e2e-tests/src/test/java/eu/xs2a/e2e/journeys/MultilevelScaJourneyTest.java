package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PAYMENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU_IP;
import static eu.xs2a.e2e.support.BerlinGroup.path;
import static eu.xs2a.e2e.journeys.PaymentJourneyTest.paymentBody;
import static eu.xs2a.e2e.journeys.PaymentJourneyTest.transactionStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Multilevel SCA: the corporate account that psu-corp-a and psu-corp-b both sign for needs both signatures. An AISP's
 * consent and a PISP's payment are signed by psu-corp-a (embedded, the authorisation that came with the request),
 * then by psu-corp-b on an authorisation started for them (POST …/authorisations with their PSU-ID): the consent is
 * partiallyAuthorised and the payment PATC in between, valid and ACTC (and on) after. A signatory cannot sign twice.
 * Every answer is checked against the Berlin Group file on the way (ConformanceFilter).
 */
class MultilevelScaJourneyTest extends Journey {

    private static final String CORP_MAIN = "DE02100200300900000015";

    @Test
    void aConsentSignedByBothSignatoriesReadsTheCorporateAccount() {
        Tpp aisp = newTpp("Iota Corporate App", "PSP_AI");
        Response created = bankChosenConsent(aisp, "psu-corp-a", "EMBEDDED", CORP_MAIN);
        String consentId = created.jsonPath().getString("consentId");
        String authorisations = CONSENTS + "/" + consentId + "/authorisations";
        String first = path(created.jsonPath().getString("_links.updatePsuAuthentication.href"));
        sign(aisp, first, "psu-corp-a");
        assertEquals("partiallyAuthorised", consentStatus(aisp, consentId));
        assertEquals("partiallyAuthorised", aisp.get(CONSENTS + "/" + consentId).jsonPath().getString("consentStatus"));
        assertError(aisp.send("PUT", first, Map.of(), otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
        assertError(aisp.post(authorisations, Map.of("PSU-ID", "psu-corp-a"), password("sandbox")), 409,
                "StatusInvalid", "STATUS_INVALID");

        String second = startFor(aisp, authorisations, "psu-corp-b");
        sign(aisp, second, null);
        assertEquals("valid", consentStatus(aisp, consentId));
        assertEquals("finalised", aisp.get(first).jsonPath().getString("scaStatus"));
        assertEquals(3, aisp.get(authorisations).jsonPath().getList("authorisationIds").size());
        Response accounts = aisp.get(ACCOUNTS, consent(consentId));
        assertStatus(200, accounts);
        assertEquals(List.of(CORP_MAIN), accounts.jsonPath().getList("accounts.iban"), accounts.asString());
        assertError(aisp.post(authorisations, Map.of("PSU-ID", "psu-corp-b"), ""), 409, "StatusInvalid",
                "STATUS_INVALID");
    }

    @Test
    void aPaymentSignedByBothSignatoriesIsExecuted() {
        Tpp pisp = newTpp("Kappa Corporate Pay", "PSP_PI");
        Response created = pisp.post(PAYMENTS, Map.of("PSU-IP-Address", PSU_IP, "TPP-Redirect-Preferred", "false",
                "PSU-ID", "psu-corp-a"), paymentBody(CORP_MAIN, "7.77", "E2E-MULTI-1", null));
        assertStatus(201, created);
        assertEquals("EMBEDDED", created.header("ASPSP-SCA-Approach"));
        String payment = PAYMENTS + "/" + created.jsonPath().getString("paymentId");
        String authorisations = payment + "/authorisations";
        sign(pisp, path(created.jsonPath().getString("_links.updatePsuAuthentication.href")), "psu-corp-a");
        assertEquals("PATC", transactionStatus(pisp, payment));
        assertEquals("PATC", pisp.get(payment).jsonPath().getString("transactionStatus"));
        assertError(pisp.post(authorisations, Map.of("PSU-ID", "psu-corp-a"), password("sandbox")), 409,
                "StatusInvalid", "STATUS_INVALID");
        assertEquals("PATC", transactionStatus(pisp, payment));

        sign(pisp, startFor(pisp, authorisations, "psu-corp-b"), null);
        String authorised = transactionStatus(pisp, payment);
        assertTrue(List.of("ACTC", "ACSP", "ACSC").contains(authorised), authorised);
        assertEquals("ACSC", eventually("the bank settling the payment", () -> transactionStatus(pisp, payment),
                s -> List.of("ACSC", "RJCT", "CANC").contains(s)));
    }

    /** POST …/authorisations with the signatory's PSU-ID and no body: their own authorisation, at received. */
    private static String startFor(Tpp tpp, String authorisations, String psu) {
        Response started = tpp.post(authorisations, Map.of("PSU-ID", psu), "");
        assertStatus(201, started);
        assertEquals("received", started.jsonPath().getString("scaStatus"));
        return path(started.jsonPath().getString("_links.updatePsuAuthentication.href"));
    }

    /** The signatory's embedded SCA (one method, sms): password, then OTP; {@code psu} null: the authorisation's. */
    private static void sign(Tpp tpp, String authorisation, String psu) {
        Response selected = tpp.send("PUT", authorisation, psu == null ? Map.of() : Map.of("PSU-ID", psu),
                password("sandbox"));
        assertStatus(200, selected);
        assertEquals("scaMethodSelected", selected.jsonPath().getString("scaStatus"));
        assertEquals("sms", selected.jsonPath().getString("chosenScaMethod.authenticationMethodId"));
        Response finalised = tpp.send("PUT", authorisation, Map.of(), otp("123456"));
        assertStatus(200, finalised);
        assertEquals("finalised", finalised.jsonPath().getString("scaStatus"));
    }
}
