package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.FUNDS_CONFIRMATIONS;
import static eu.xs2a.e2e.support.BerlinGroup.FUNDS_CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.path;
import static eu.xs2a.e2e.journeys.FundsConfirmationJourneyTest.fundsBody;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.restassured.response.Response;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A card issuer's app (PIISP) has its confirmation-of-funds consents authorised without a redirect: psu-embedded in the
 * app with password and OTP (implicitly and by explicit start), psu-decoupled in the bank's app while the PIISP polls,
 * psu-decoupled-deny denying there. A valid consent then confirms funds; a rejected one confirms nothing. Every answer is
 * checked against the Berlin Group files on the way (ConformanceFilter; the authorisation answers against 1.3.6's
 * consent authorisations, KnownDifferences.FUNDS_CONSENT_AUTHORISATIONS).
 */
class FundsConsentScaJourneyTest extends Journey {

    private static final String PSU_EMBEDDED_MAIN = "DE66100200300800000011";
    private static final String PSU_DECOUPLED_MAIN = "DE65100200300800000029";
    private static final String PSU_DECOUPLED_DENY_MAIN = "DE43100200300800000037";

    @Test
    void embeddedWithTheOnlyMethodChosenImplicitly() {
        Tpp piisp = newTpp("Iota Card App", "PSP_IC");
        Response created = piisp.post(FUNDS_CONSENTS, headers("psu-embedded"), consentBody(PSU_EMBEDDED_MAIN));
        assertStatus(201, created);
        assertEquals("EMBEDDED", created.header("ASPSP-SCA-Approach"));
        assertNull(created.jsonPath().get("_links.scaRedirect"));
        String consentId = created.jsonPath().getString("consentId");
        String authorisation = path(created.jsonPath().getString("_links.updatePsuAuthentication.href"));

        assertError(piisp.send("PUT", authorisation, Map.of(), otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
        assertError(piisp.send("PUT", authorisation, Map.of("PSU-ID", "psu-embedded"), password("wrong")), 401,
                "PsuCredentialsInvalid", "PSU_CREDENTIALS_INVALID");
        Response authenticated = piisp.send("PUT", authorisation, Map.of("PSU-ID", "psu-embedded"), password("sandbox"));
        assertStatus(200, authenticated);
        assertEquals("scaMethodSelected", authenticated.jsonPath().getString("scaStatus"));
        assertEquals("sms", authenticated.jsonPath().getString("chosenScaMethod.authenticationMethodId"));
        String authorise = path(authenticated.jsonPath().getString("_links.authoriseTransaction.href"));
        assertError(piisp.send("PUT", authorise, Map.of(), otp("000000")), 400, "ScaInvalid", "SCA_INVALID");
        Response finalised = piisp.send("PUT", authorise, Map.of(), otp("123456"));
        assertStatus(200, finalised);
        assertEquals("finalised", finalised.jsonPath().getString("scaStatus"));
        assertError(piisp.send("PUT", authorise, Map.of(), otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");

        assertEquals("valid", fundsConsentStatus(piisp, consentId));
        Response funds = piisp.post(FUNDS_CONFIRMATIONS, consent(consentId), fundsBody(PSU_EMBEDDED_MAIN, "1.00"));
        assertStatus(200, funds);
        assertNotNull(funds.jsonPath().get("fundsAvailable"), funds.asString());

        // another TPP's view of this authorisation: as if it never existed
        Tpp other = newTpp("Kappa Card App", "PSP_IC");
        Response never = other.get(FUNDS_CONSENTS + "/no-such-consent/authorisations/no-such-authorisation");
        assertError(never, 401, "ConsentUnknown", "CONSENT_UNKNOWN");
        assertError(other.get(authorise), 401, "ConsentUnknown", "CONSENT_UNKNOWN");
    }

    @Test
    void explicitStartWithThePasswordInTheFirstCall() {
        Tpp piisp = newTpp("Lambda Card App", "PSP_IC");
        Map<String, String> explicit = headers("psu-embedded");
        explicit.put("TPP-Explicit-Authorisation-Preferred", "true");
        Response created = piisp.post(FUNDS_CONSENTS, explicit, consentBody(PSU_EMBEDDED_MAIN));
        assertStatus(201, created);
        String consentId = created.jsonPath().getString("consentId");
        String start = path(created.jsonPath().getString("_links.startAuthorisationWithPsuAuthentication.href"));
        assertEquals(List.of(), piisp.get(start).jsonPath().getList("authorisationIds"));

        Response started = piisp.post(start, Map.of("PSU-ID", "psu-embedded"), password("sandbox"));
        assertStatus(201, started);
        assertEquals("scaMethodSelected", started.jsonPath().getString("scaStatus"));
        assertEquals(List.of(started.jsonPath().getString("authorisationId")),
                piisp.get(start).jsonPath().getList("authorisationIds"));
        String authorise = path(started.jsonPath().getString("_links.authoriseTransaction.href"));
        assertStatus(200, piisp.send("PUT", authorise, Map.of(), otp("123456")));
        assertEquals("valid", fundsConsentStatus(piisp, consentId));
    }

    @Test
    void decoupledApprovedAndDeniedInTheBanksApp() {
        Tpp piisp = newTpp("Mu Card App", "PSP_IC");
        Response created = piisp.post(FUNDS_CONSENTS, headers("psu-decoupled"), consentBody(PSU_DECOUPLED_MAIN));
        assertStatus(201, created);
        assertEquals("DECOUPLED", created.header("ASPSP-SCA-Approach"));
        assertNotNull(created.jsonPath().getString("psuMessage"), created.asString());
        String consentId = created.jsonPath().getString("consentId");
        String scaStatus = path(created.jsonPath().getString("_links.scaStatus.href"));
        assertError(piisp.send("PUT", scaStatus, Map.of("PSU-ID", "psu-decoupled"), password("sandbox")), 409,
                "StatusInvalid", "STATUS_INVALID");
        assertEquals("finalised", eventually("the decoupled SCA ends",
                () -> piisp.get(scaStatus).jsonPath().getString("scaStatus"), FundsConsentScaJourneyTest::ended));
        assertEquals("valid", fundsConsentStatus(piisp, consentId));
        assertStatus(200, piisp.post(FUNDS_CONFIRMATIONS, consent(consentId), fundsBody(PSU_DECOUPLED_MAIN, "1.00")));

        Response denied = piisp.post(FUNDS_CONSENTS, headers("psu-decoupled-deny"),
                consentBody(PSU_DECOUPLED_DENY_MAIN));
        assertStatus(201, denied);
        String deniedId = denied.jsonPath().getString("consentId");
        String deniedStatus = path(denied.jsonPath().getString("_links.scaStatus.href"));
        assertEquals("failed", eventually("the decoupled denial",
                () -> piisp.get(deniedStatus).jsonPath().getString("scaStatus"), FundsConsentScaJourneyTest::ended));
        assertEquals("rejected", fundsConsentStatus(piisp, deniedId));
        assertError(piisp.post(FUNDS_CONFIRMATIONS, consent(deniedId), fundsBody(PSU_DECOUPLED_DENY_MAIN, "1.00")),
                401, "ConsentInvalid", "CONSENT_INVALID");
    }

    private static boolean ended(String scaStatus) {
        return "finalised".equals(scaStatus) || "failed".equals(scaStatus);
    }

    private static Map<String, String> headers(String psu) {
        Map<String, String> headers = new HashMap<>();
        headers.put("TPP-Redirect-Preferred", "false");
        headers.put("PSU-ID", psu);
        return headers;
    }

    private static String consentBody(String iban) {
        return "{\"account\": {\"iban\": \"" + iban + "\"}, \"registrationInformation\": \"card contract 7\"}";
    }

    private static String fundsConsentStatus(Tpp tpp, String consentId) {
        return tpp.get(FUNDS_CONSENTS + "/" + consentId + "/status").jsonPath().getString("consentStatus");
    }
}
