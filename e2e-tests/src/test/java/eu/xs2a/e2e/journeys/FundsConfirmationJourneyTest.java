package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.FUNDS_CONFIRMATIONS;
import static eu.xs2a.e2e.support.BerlinGroup.FUNDS_CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * (c) A card issuer (PIISP) obtains confirmation-of-funds consents from psu1 and psu-poor, each approved in the
 * browser, and asks whether an amount is available: yes for psu1, no for psu-poor (zero available balance).
 */
class FundsConfirmationJourneyTest extends Journey {

    @Test
    void fundsAreAvailableForPsu1AndNotForPsuPoor() {
        Tpp piisp = newTpp("Beta Card Issuer", "PSP_IC");

        String psu1Consent = approvedFundsConsent(piisp, PSU1_MAIN, "psu1");
        Response psu1 = piisp.post(FUNDS_CONFIRMATIONS, consent(psu1Consent), fundsBody(PSU1_MAIN, "25.00"));
        assertStatus(200, psu1);
        assertEquals(true, psu1.jsonPath().getBoolean("fundsAvailable"), psu1.asString());

        String poorConsent = approvedFundsConsent(piisp, PSU_POOR_MAIN, "psu-poor");
        Response poor = piisp.post(FUNDS_CONFIRMATIONS, consent(poorConsent), fundsBody(PSU_POOR_MAIN, "25.00"));
        assertStatus(200, poor);
        assertEquals(false, poor.jsonPath().getBoolean("fundsAvailable"), poor.asString());

        // a consent covers its own account only
        assertError(piisp.post(FUNDS_CONFIRMATIONS, consent(psu1Consent), fundsBody(PSU_POOR_MAIN, "1.00")), 401,
                "ConsentInvalid", "CONSENT_INVALID");
        // every identifier counts: psu1's IBAN with its own BBAN is its account, with psu-poor's BBAN it names another
        assertStatus(200, piisp.post(FUNDS_CONFIRMATIONS, consent(psu1Consent),
                fundsBody(PSU1_MAIN, PSU1_MAIN.substring(4), "1.00")));
        assertError(piisp.post(FUNDS_CONFIRMATIONS, consent(psu1Consent),
                fundsBody(PSU1_MAIN, PSU_POOR_MAIN.substring(4), "1.00")), 401, "ConsentInvalid", "CONSENT_INVALID");

        // deleted: the consent confirms nothing any more
        assertStatus(204, piisp.delete(FUNDS_CONSENTS + "/" + psu1Consent, Map.of()));
        assertEquals("terminatedByTpp", piisp.get(FUNDS_CONSENTS + "/" + psu1Consent + "/status")
                .jsonPath().getString("consentStatus"));
        assertError(piisp.post(FUNDS_CONFIRMATIONS, consent(psu1Consent), fundsBody(PSU1_MAIN, "25.00")), 401,
                "ConsentInvalid", "CONSENT_INVALID");
    }

    @Test
    void aConsentWithoutScaConfirmsNothing() {
        Tpp piisp = newTpp("Beta Card Issuer", "PSP_IC");
        Response created = piisp.post(FUNDS_CONSENTS, redirect(redirectUri("ok"), redirectUri("nok")),
                "{\"account\": {\"iban\": \"" + PSU1_MAIN + "\"}}");
        assertStatus(201, created);
        String consentId = created.jsonPath().getString("consentId");
        assertEquals("received", piisp.get(FUNDS_CONSENTS + "/" + consentId).jsonPath().getString("consentStatus"));
        assertError(piisp.post(FUNDS_CONFIRMATIONS, consent(consentId), fundsBody(PSU1_MAIN, "25.00")), 401,
                "ConsentInvalid", "CONSENT_INVALID");
    }

    /** Creates a confirmation-of-funds consent for the account and lets the PSU approve it in the browser. */
    static String approvedFundsConsent(Tpp tpp, String iban, String psu) {
        String ok = redirectUri("ok");
        Response created = tpp.post(FUNDS_CONSENTS, redirect(ok, redirectUri("nok")),
                "{\"account\": {\"iban\": \"" + iban + "\"}, \"registrationInformation\": \"card contract 42\"}");
        assertStatus(201, created);
        String consentId = created.jsonPath().getString("consentId");
        assertEquals(ok, browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), psu));
        assertEquals("valid", tpp.get(FUNDS_CONSENTS + "/" + consentId + "/status").jsonPath().getString("consentStatus"));
        return consentId;
    }

    /** A funds check naming the account by IBAN and BBAN. */
    static String fundsBody(String iban, String bban, String amount) {
        return "{\"account\": {\"iban\": \"" + iban + "\", \"bban\": \"" + bban + "\"}, \"instructedAmount\": "
                + "{\"currency\": \"EUR\", \"amount\": \"" + amount + "\"}}";
    }

    static String fundsBody(String iban, String amount) {
        return "{\"account\": {\"iban\": \"" + iban + "\"}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \""
                + amount + "\"}}";
    }
}
