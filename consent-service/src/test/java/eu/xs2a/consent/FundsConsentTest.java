package eu.xs2a.consent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.testsupport.BankDates;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Confirmation-of-funds consents (v2): create, read, status, delete, roles and input errors. */
@QuarkusTest
class FundsConsentTest extends ConsentTestBase {

    private static final String BODY = "{\"account\":{\"iban\":\"" + Psu.PSU1_MAIN + "\",\"currency\":\"EUR\"},"
            + "\"cardNumber\":\"1234567890123456\",\"cardExpiryDate\":\"" + BankDates.today().plusYears(2)
            + "\",\"cardInformation\":\"Gold card\",\"registrationInformation\":\"contract 42\"}";

    @Test
    void aPispCreatesReadsAndDeletesAFundsConsent() {
        Response created = Signed.post(Tpps.ALPHA, Signed.FUNDS, Signed.redirectHeaders(), BODY);
        assertEquals(201, created.statusCode(), created.asString());
        String id = created.jsonPath().getString("consentId");
        assertEquals("received", created.jsonPath().getString("consentStatus"));
        String self = Signed.FUNDS + "/" + id;
        assertEquals(self, created.jsonPath().getString("_links.self.href"));
        assertEquals(self + "/status", created.jsonPath().getString("_links.status.href"));
        assertTrue(created.jsonPath().getString("_links.scaRedirect.href").startsWith(Psu.PUBLIC_BASE_URL + self + "/authorisations/"));
        assertEquals("REDIRECT", created.header("ASPSP-SCA-Approach"));
        assertEquals(self, created.header("Location"));

        Response consent = Signed.get(Tpps.ALPHA, self);
        assertEquals(200, consent.statusCode(), consent.asString());
        assertEquals(Psu.PSU1_MAIN, consent.jsonPath().getString("account.iban"));
        assertEquals("EUR", consent.jsonPath().getString("account.currency"));
        assertEquals("1234567890123456", consent.jsonPath().getString("cardNumber"));
        assertEquals("Gold card", consent.jsonPath().getString("cardInformation"));
        assertEquals("contract 42", consent.jsonPath().getString("registrationInformation"));
        assertEquals("received", consent.jsonPath().getString("consentStatus"));

        assertEquals(Map.of("consentStatus", "received"), Signed.get(Tpps.ALPHA, self + "/status").jsonPath().getMap(""));
        String authorisation = Signed.get(Tpps.ALPHA, self + "/authorisations").jsonPath().getString("authorisationIds[0]");
        assertEquals("received", Signed.get(Tpps.ALPHA, self + "/authorisations/" + authorisation).jsonPath().getString("scaStatus"));

        assertEquals(204, Signed.delete(Tpps.ALPHA, self).statusCode());
        assertEquals("terminatedByTpp", Signed.get(Tpps.ALPHA, self + "/status").jsonPath().getString("consentStatus"));
    }

    @Test
    void aPiispOnlyCertificateMayCreateOneButAnAispOnlyMayNot() {
        Response piisp = Signed.post(Tpps.PIISP_ONLY, Signed.FUNDS, Signed.redirectHeaders(), BODY);
        assertEquals(201, piisp.statusCode(), piisp.asString());
        assertError(Signed.post(Tpps.BETA, Signed.FUNDS, Signed.redirectHeaders(), BODY), 401, "RoleInvalid", "ROLE_INVALID");
        assertError(Signed.get(Tpps.BETA, Signed.FUNDS + "/" + piisp.jsonPath().getString("consentId")), 401,
                "RoleInvalid", "ROLE_INVALID");
    }

    /**
     * Status, authorisations and DELETE are inherited by both consent resources (ConsentEndpoints), so they are one
     * Java method for both: each must still require the role of the resource it is called on, whichever was first.
     */
    @Test
    void theSharedEndpointsRequireTheRoleOfTheirOwnResource() {
        Response ais = Signed.post(Tpps.BETA, Signed.AIS, Signed.redirectHeaders(), Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals(201, ais.statusCode(), ais.asString());
        String aisStatus = Signed.AIS + "/" + ais.jsonPath().getString("consentId") + "/status";
        Response funds = Signed.post(Tpps.PIISP_ONLY, Signed.FUNDS, Signed.redirectHeaders(), BODY);
        assertEquals(201, funds.statusCode(), funds.asString());
        String fundsStatus = Signed.FUNDS + "/" + funds.jsonPath().getString("consentId") + "/status";

        for (int round = 0; round < 2; round++) {
            assertEquals("received", Signed.get(Tpps.BETA, aisStatus).jsonPath().getString("consentStatus"));
            assertEquals("received", Signed.get(Tpps.PIISP_ONLY, fundsStatus).jsonPath().getString("consentStatus"));
            assertError(Signed.get(Tpps.PIISP_ONLY, aisStatus), 401, "RoleInvalid", "ROLE_INVALID");
            assertError(Signed.get(Tpps.BETA, fundsStatus), 401, "RoleInvalid", "ROLE_INVALID");
        }
    }

    @Test
    void inputErrors() {
        assertFormatError("{\"cardNumber\":\"1234\"}", "account");
        assertFormatError("{\"account\":{\"iban\":\"DE00100200300100000011\"}}", "IBAN");
        assertFormatError("{\"account\":{\"iban\":\"" + Psu.PSU1_MAIN + "\",\"currency\":\"XYZ\"}}",
                "account.currency 'XYZ' is not an ISO 4217 currency code");
        assertFormatError("{\"account\":{\"iban\":\"" + Psu.PSU1_MAIN + "\"},\"cardExpiryDate\":\""
                + BankDates.today().minusDays(1) + "\"}", "cardExpiryDate");
        assertFormatError("{\"account\":{\"iban\":\"" + Psu.PSU1_MAIN + "\"},\"cardExpiryDate\":\"12/30\"}", "cardExpiryDate");
        // a signed nine-digit year parses as ISO but no date column holds it: it was a 500
        assertFormatError("{\"account\":{\"iban\":\"" + Psu.PSU1_MAIN + "\"},\"cardExpiryDate\":\"+999999999-12-31\"}",
                "cardExpiryDate");
        assertFormatError("{\"account\":\"" + Psu.PSU1_MAIN + "\"}", "account");
        assertFormatError("{\"account\":{\"iban\":\"" + Psu.PSU1_MAIN + "\"},\"cardNumber\":\"" + "1".repeat(36) + "\"}", "cardNumber");
        assertFormatError("{oops", null);

        // lengths in characters: 140 emoji fit the 140 characters (they were 280 UTF-16 units), 141 do not
        String emoji = "\uD83D\uDE00";
        assertEquals(201, Signed.post(Tpps.ALPHA, Signed.FUNDS, Signed.redirectHeaders(), "{\"account\":{\"iban\":\""
                + Psu.PSU1_MAIN + "\"},\"registrationInformation\":\"" + emoji.repeat(140) + "\"}").statusCode());
        assertFormatError("{\"account\":{\"iban\":\"" + Psu.PSU1_MAIN + "\"},\"registrationInformation\":\""
                + emoji.repeat(141) + "\"}", "registrationInformation");

        Map<String, String> badIp = new LinkedHashMap<>(Signed.redirectHeaders());
        badIp.put("PSU-IP-Address", "not-an-ip");
        Response refusedIp = Signed.post(Tpps.ALPHA, Signed.FUNDS, badIp, BODY);
        assertError(refusedIp, 400, "FormatError", "FORMAT_ERROR");
        assertTrue(refusedIp.jsonPath().getString("error_message").contains("PSU-IP-Address"), refusedIp.asString());
        Map<String, String> httpUri = new LinkedHashMap<>(Signed.redirectHeaders());
        httpUri.put("TPP-Redirect-URI", "http://tpp.example/cb");
        Response refusedUri = Signed.post(Tpps.ALPHA, Signed.FUNDS, httpUri, BODY);
        assertError(refusedUri, 400, "FormatError", "FORMAT_ERROR");
        assertTrue(refusedUri.jsonPath().getString("error_message").contains("absolute https URI"), refusedUri.asString());

        Map<String, String> headers = new LinkedHashMap<>(Signed.redirectHeaders());
        headers.remove("TPP-Redirect-Preferred");
        assertError(Signed.post(Tpps.ALPHA, Signed.FUNDS, headers, BODY), 400, "BadRequest", "FORMAT_ERROR");
    }

    private static void assertFormatError(String body, String mentioned) {
        Response response = Signed.post(Tpps.ALPHA, Signed.FUNDS, Signed.redirectHeaders(), body);
        assertError(response, 400, "FormatError", "FORMAT_ERROR");
        if (mentioned != null) {
            assertTrue(response.jsonPath().getString("error_message").contains(mentioned), response.asString());
        }
    }
}
