package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static eu.xs2a.e2e.support.BerlinGroup.path;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An AISP that builds an app asks for embedded and decoupled SCA (TPP-Redirect-Preferred false): psu1 authorises in
 * the app with password, method and OTP; psu-decoupled in the bank's app while the AISP polls. Each consent then
 * reads psu's accounts. Every answer is checked against the Berlin Group file on the way (ConformanceFilter).
 */
class EmbeddedAndDecoupledJourneyTest extends Journey {

    private static final String PSU_DECOUPLED_MAIN = "DE65100200300800000029";

    @Test
    void embeddedWithMethodSelectionThenAccountRead() {
        Tpp aisp = newTpp("Alpha Embedded App", "PSP_AI");
        Response created = bankChosenConsent(aisp, "psu1", "EMBEDDED", PSU1_MAIN);
        String consentId = created.jsonPath().getString("consentId");
        String authorisation = path(created.jsonPath().getString("_links.updatePsuAuthentication.href"));

        Response wrong = aisp.send("PUT", authorisation, Map.of("PSU-ID", "psu1"), password("not-the-password"));
        assertError(wrong, 401, "PsuCredentialsInvalid", "PSU_CREDENTIALS_INVALID");
        Response authenticated = aisp.send("PUT", authorisation, Map.of("PSU-ID", "psu1"), password("sandbox"));
        assertStatus(200, authenticated);
        assertEquals("psuAuthenticated", authenticated.jsonPath().getString("scaStatus"));
        assertEquals(List.of("sms", "chip"), authenticated.jsonPath().getList("scaMethods.authenticationMethodId"));
        assertError(aisp.send("PUT", authorisation, Map.of(), "{\"scaAuthenticationData\":\"123456\"}"), 409,
                "StatusInvalid", "STATUS_INVALID");
        assertError(aisp.send("PUT", authorisation, Map.of(), "{\"authenticationMethodId\":\"fax\"}"), 400,
                "ScaMethodUnknown", "SCA_METHOD_UNKNOWN");
        Response selected = aisp.send("PUT", path(authenticated.jsonPath().getString("_links.selectAuthenticationMethod.href")),
                Map.of(), "{\"authenticationMethodId\":\"sms\"}");
        assertStatus(200, selected);
        assertEquals("scaMethodSelected", selected.jsonPath().getString("scaStatus"));
        String authorise = path(selected.jsonPath().getString("_links.authoriseTransaction.href"));
        assertError(aisp.send("PUT", authorise, Map.of(), "{\"scaAuthenticationData\":\"000000\"}"), 400, "ScaInvalid",
                "SCA_INVALID");
        Response finalised = aisp.send("PUT", authorise, Map.of(), "{\"scaAuthenticationData\":\"123456\"}");
        assertStatus(200, finalised);
        assertEquals("finalised", finalised.jsonPath().getString("scaStatus"));

        assertEquals("valid", consentStatus(aisp, consentId));
        Response accounts = aisp.get(ACCOUNTS, consent(consentId));
        assertStatus(200, accounts);
        assertEquals(List.of(PSU1_MAIN), accounts.jsonPath().getList("accounts.iban"), accounts.asString());
    }

    @Test
    void decoupledInTheBanksAppThenAccountRead() {
        Tpp aisp = newTpp("Beta Decoupled App", "PSP_AI");
        Response created = bankChosenConsent(aisp, "psu-decoupled", "DECOUPLED", PSU_DECOUPLED_MAIN);
        assertNotNull(created.jsonPath().getString("psuMessage"), created.asString());
        assertNull(created.jsonPath().get("_links.scaRedirect"));
        String consentId = created.jsonPath().getString("consentId");
        String scaStatus = path(created.jsonPath().getString("_links.scaStatus.href"));

        // the TPP polls; the bank's app approves 3 s after the push
        String status = eventually("the decoupled SCA ends", () -> aisp.get(scaStatus).jsonPath().getString("scaStatus"),
                s -> "finalised".equals(s) || "failed".equals(s));
        assertEquals("finalised", status);
        assertEquals("valid", consentStatus(aisp, consentId));
        Response accounts = aisp.get(ACCOUNTS, consent(consentId));
        assertStatus(200, accounts);
        assertEquals(List.of(PSU_DECOUPLED_MAIN), accounts.jsonPath().getList("accounts.iban"), accounts.asString());
    }
}
