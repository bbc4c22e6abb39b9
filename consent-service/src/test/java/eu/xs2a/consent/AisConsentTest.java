package eu.xs2a.consent;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.testsupport.BankDates;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Account-information consents: create, read, status, authorisations, delete, and every input error. */
@QuarkusTest
class AisConsentTest extends ConsentTestBase {

    private static LocalDate today() {
        return BankDates.today();
    }

    @Test
    void createAnswers201WithLinksHeadersAndTheBankRegisteredConsent() {
        Response response = Signed.post(Tpps.ALPHA, Signed.AIS, Signed.redirectHeaders(),
                Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals(201, response.statusCode(), response.asString());
        String id = response.jsonPath().getString("consentId");
        assertEquals("received", response.jsonPath().getString("consentStatus"));
        String self = "/sandbox/api/berlingroup/v1/consents/" + id;
        assertEquals(self, response.jsonPath().getString("_links.self.href"));
        assertEquals(self + "/status", response.jsonPath().getString("_links.status.href"));
        String scaStatus = response.jsonPath().getString("_links.scaStatus.href");
        assertTrue(scaStatus.startsWith(self + "/authorisations/"), scaStatus);
        String scaRedirect = response.jsonPath().getString("_links.scaRedirect.href");
        assertTrue(scaRedirect.startsWith(Psu.PUBLIC_BASE_URL + scaStatus + "/sca-redirect/"), scaRedirect);
        assertEquals(self, response.header("Location"));
        assertEquals("REDIRECT", response.header("ASPSP-SCA-Approach"));
        assertNotNull(response.header("X-Request-ID"));
    }

    @Test
    void consentIdsAreOpaqueAndUnguessable() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            String id = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
            assertTrue(id.length() >= 32 && id.matches("[A-Za-z0-9_-]+"), id);
            ids.add(id);
        }
        assertEquals(3, ids.size());
    }

    @Test
    void readShowsEffectiveValuesStatusAndAuthorisations() {
        Response created = createAis(Tpps.ALPHA, Signed.aisBody(null, 10, true, Psu.PSU1_MAIN));
        String id = created.jsonPath().getString("consentId");

        Response consent = Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id);
        assertEquals(200, consent.statusCode(), consent.asString());
        assertEquals(today().plusDays(90).toString(), consent.jsonPath().getString("validUntil"), "default 90 days");
        assertEquals(4, consent.jsonPath().getInt("frequencyPerDay"), "capped to the provider maximum");
        assertEquals(true, consent.jsonPath().getBoolean("recurringIndicator"));
        assertEquals(today().toString(), consent.jsonPath().getString("lastActionDate"));
        assertEquals("received", consent.jsonPath().getString("consentStatus"));
        assertEquals(Psu.PSU1_MAIN, consent.jsonPath().getString("access.balances[0].iban"));
        assertEquals("EUR", consent.jsonPath().getString("access.transactions[0].currency"));

        Response status = Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/status");
        assertEquals(200, status.statusCode());
        assertEquals(Map.of("consentStatus", "received"), status.jsonPath().getMap(""));

        Response authorisations = Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/authorisations");
        assertEquals(200, authorisations.statusCode());
        List<String> authorisationIds = authorisations.jsonPath().getList("authorisationIds");
        assertEquals(1, authorisationIds.size());
        assertTrue(created.jsonPath().getString("_links.scaStatus.href").endsWith("/" + authorisationIds.get(0)));

        Response sca = Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/authorisations/" + authorisationIds.get(0));
        assertEquals(200, sca.statusCode());
        assertEquals("received", sca.jsonPath().getString("scaStatus"));

        assertError(Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/authorisations/nope"), 404, "ResourceUnknown",
                "RESOURCE_UNKNOWN");
    }

    @Test
    void validUntilRules() {
        String id = createAis(Tpps.ALPHA, Signed.aisBody("9999-12-31", 4, true, Psu.PSU1_MAIN)).jsonPath().getString("consentId");
        assertEquals(today().plusDays(180).toString(),
                Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id).jsonPath().getString("validUntil"), "9999-12-31 → maximum");

        String exactly180 = today().plusDays(180).toString();
        id = createAis(Tpps.ALPHA, Signed.aisBody(exactly180, 4, true, Psu.PSU1_MAIN)).jsonPath().getString("consentId");
        assertEquals(exactly180, Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id).jsonPath().getString("validUntil"));

        assertFormatError(Signed.aisBody(today().plusDays(181).toString(), 4, true, Psu.PSU1_MAIN), "validUntil");
        assertFormatError(Signed.aisBody(today().minusDays(1).toString(), 4, true, Psu.PSU1_MAIN), "validUntil");
        assertFormatError(Signed.aisBody("31.12.2030", 4, true, Psu.PSU1_MAIN), "validUntil");
    }

    @Test
    void frequencyPerDayRules() {
        assertFormatError(Signed.aisBody(null, 0, true, Psu.PSU1_MAIN), "frequencyPerDay");
        assertFormatError(Signed.aisBody(null, -3, true, Psu.PSU1_MAIN), "frequencyPerDay");

        String oneOff = createAis(Tpps.ALPHA, Signed.aisBody(null, 4, false, Psu.PSU1_MAIN)).jsonPath().getString("consentId");
        Response consent = Signed.get(Tpps.ALPHA, Signed.AIS + "/" + oneOff);
        assertEquals(1, consent.jsonPath().getInt("frequencyPerDay"), "a one-off consent has frequencyPerDay 1");
        assertEquals(false, consent.jsonPath().getBoolean("recurringIndicator"));
    }

    @Test
    void malformedBodiesAreFormatErrors() {
        assertFormatError("{\"access\": ", null);
        assertFormatError("not json at all", null);
        assertFormatError("[]", null);
        assertFormatError("{\"access\":{\"accounts\":[{\"iban\":\"" + Psu.PSU1_MAIN + "\"}]},\"recurringIndicator\":true,"
                + "\"frequencyPerDay\":\"4\"}", "frequencyPerDay");
        assertFormatError("{\"access\":{\"accounts\":[{\"iban\":\"" + Psu.PSU1_MAIN + "\"}]},\"recurringIndicator\":\"yes\"}",
                "recurringIndicator");
        assertFormatError("{\"recurringIndicator\":true,\"frequencyPerDay\":4}", "access");
        assertFormatError("{\"access\":{\"accounts\":[{\"iban\":\"" + Psu.PSU1_MAIN + "\"}]},\"frequencyPerDay\":4}",
                "recurringIndicator");
        assertFormatError("{\"access\":{},\"recurringIndicator\":true,\"frequencyPerDay\":4}", "access");
        assertFormatError("{\"access\":{\"allPsd2\":\"everything\"},\"recurringIndicator\":true,\"frequencyPerDay\":4}",
                "allPsd2");
        // one global value at a time; an empty list only in a bank-offered consent (all three lists empty)
        assertFormatError("{\"access\":{\"allPsd2\":\"allAccounts\",\"availableAccounts\":\"allAccounts\"},"
                + "\"recurringIndicator\":true,\"frequencyPerDay\":4}", "only one of");
        assertFormatError("{\"access\":{\"accounts\":[],\"balances\":[{\"iban\":\"" + Psu.PSU1_MAIN + "\"}]},"
                + "\"recurringIndicator\":true,\"frequencyPerDay\":4}", "access.accounts is empty");
        assertFormatError("{\"access\":{\"accounts\":[]},"
                + "\"recurringIndicator\":true,\"frequencyPerDay\":4}", "bank-offered consent");
        assertFormatError("{\"access\":{\"accounts\":[],\"balances\":[],\"transactions\":[],"
                + "\"additionalInformation\":{\"ownerName\":[]}},\"recurringIndicator\":true,"
                + "\"frequencyPerDay\":4}", "owner names");
        // check digits: DE49… is psu1's account, DE48 with the same BBAN is not a valid IBAN
        assertFormatError(Signed.aisBody(null, 4, true, "DE48100200300100000011"), "IBAN");
        assertFormatError(Signed.aisBody(null, 4, true, "XX"), "IBAN");
        // the shape of a currency code, and none: refused at creation, not after the PSU's SCA
        assertFormatError("{\"access\":{\"balances\":[{\"iban\":\"" + Psu.PSU1_MAIN + "\",\"currency\":\"XYZ\"}]},"
                + "\"recurringIndicator\":true,\"frequencyPerDay\":4}", "'XYZ' is not an ISO 4217 currency code");
        assertFormatError("{\"access\":{\"accounts\":[{\"iban\":\"" + Psu.PSU1_MAIN + "\",\"bban\":\"123\"}]},"
                + "\"recurringIndicator\":true,\"frequencyPerDay\":4}", "exactly one");
    }

    /** Read as bytes: a String body would have turned the bad bytes into U+FFFD and gone on (a 201). */
    @Test
    void aBodyThatIsNotUtf8IsAFormatErrorEvenInAnUnknownField() {
        String json = "{\"access\":{\"availableAccounts\":\"allAccounts\"},\"recurringIndicator\":false,"
                + "\"frequencyPerDay\":1,\"note\":\"caf#\"}";
        byte[] body = json.getBytes(StandardCharsets.US_ASCII);
        body[json.indexOf('#')] = (byte) 0xE9; // "café" in Latin-1, not UTF-8
        Response response = Signed.post(Tpps.ALPHA, Signed.AIS, Signed.redirectHeaders(), body);
        assertError(response, 400, "FormatError", "FORMAT_ERROR");
        assertTrue(response.jsonPath().getString("error_message").contains("not valid JSON"), response.asString());
    }

    @Test
    void unknownFieldsAreIgnoredAndAvailableAccountsIsAccepted() {
        Response response = createAis(Tpps.ALPHA, "{\"access\":{\"availableAccounts\":\"allAccounts\"},"
                + "\"recurringIndicator\":false,\"validUntil\":\"" + today().plusDays(1) + "\",\"frequencyPerDay\":1,"
                + "\"consentStatus\":\"valid\",\"somethingElse\":{\"x\":1}}");
        assertEquals("received", response.jsonPath().getString("consentStatus"), "a client never sets a status");
    }

    /** No payment shares a consent's SCA here, so a combined session is refused before anything is stored. */
    @Test
    void aCombinedServiceSessionIsRefusedAsNotSupported() {
        String body = "{\"access\":{\"availableAccounts\":\"allAccounts\"},\"recurringIndicator\":false,"
                + "\"frequencyPerDay\":1,\"combinedServiceIndicator\":%s}";
        Response refused = Signed.post(Tpps.ALPHA, Signed.AIS, Signed.redirectHeaders(),
                String.format(body, "true").getBytes(StandardCharsets.UTF_8));
        assertError(refused, 400, "BadRequest", "SESSIONS_NOT_SUPPORTED");
        assertTrue(refused.jsonPath().getString("error_message").contains("combinedServiceIndicator"), refused.asString());
        createAis(Tpps.ALPHA, String.format(body, "false"));
    }

    @Test
    void anAccountNamedTwiceIsKeptOnce() {
        String twice = "{\"iban\":\"" + Psu.PSU1_MAIN + "\"},{\"iban\":\"" + Psu.PSU1_MAIN.toLowerCase() + "\"}";
        String id = createAis(Tpps.ALPHA, "{\"access\":{\"accounts\":[" + twice + "],\"balances\":[" + twice + "]},"
                + "\"recurringIndicator\":true,\"frequencyPerDay\":4}").jsonPath().getString("consentId");
        Response consent = Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id);
        assertEquals(List.of(Psu.PSU1_MAIN), consent.jsonPath().getList("access.accounts.iban"));
        assertEquals(List.of(Psu.PSU1_MAIN), consent.jsonPath().getList("access.balances.iban"));
    }

    @Test
    void ownerNamesAreAskedForOnlyForAccountsTheConsentNames() {
        String access = "{\"access\":{\"accounts\":[{\"iban\":\"" + Psu.PSU1_MAIN + "\"}],"
                + "\"additionalInformation\":{\"ownerName\":[{\"iban\":\"%s\"}],\"trustedBeneficiaries\":[]}},"
                + "\"recurringIndicator\":true,\"frequencyPerDay\":4}";
        String id = createAis(Tpps.ALPHA, access.formatted(Psu.PSU1_MAIN)).jsonPath().getString("consentId");
        Response consent = Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id);
        assertEquals(List.of(Psu.PSU1_MAIN), consent.jsonPath().getList("access.additionalInformation.ownerName.iban"));
        assertNull(consent.jsonPath().get("access.additionalInformation.trustedBeneficiaries"),
                "not offered, so not shown as granted");
        assertFormatError(access.formatted(Psu.PSU1_SAVINGS), "additionalInformation.ownerName[0]");
        Signed.post(Tpps.ALPHA, Signed.AIS, Signed.redirectHeaders(), access.formatted(Psu.PSU1_SAVINGS)).then()
                .body("tppMessages[0].path",
                        org.hamcrest.Matchers.equalTo("access.additionalInformation.ownerName[0]"));
        assertFormatError("{\"access\":{\"allPsd2\":\"allAccounts\",\"additionalInformation\":{\"ownerName\":[]}},"
                + "\"recurringIndicator\":true,\"frequencyPerDay\":4}", "allAccountsWithOwnerName");
        // a reference that names no account, or two: the reference is the field at fault
        Signed.post(Tpps.ALPHA, Signed.AIS, Signed.redirectHeaders(), "{\"access\":{\"balances\":[{\"iban\":\""
                + Psu.PSU1_MAIN + "\",\"msisdn\":\"+491701234567\"}]},\"recurringIndicator\":true,"
                + "\"frequencyPerDay\":4}").then().statusCode(400)
                .body("tppMessages[0].path", org.hamcrest.Matchers.equalTo("access.balances[0]"));
    }

    @Test
    void redirectPreferredHeaderIsRequiredAndBoolean() {
        Map<String, String> headers = new LinkedHashMap<>(Signed.redirectHeaders());
        headers.remove("TPP-Redirect-Preferred");
        assertError(Signed.post(Tpps.ALPHA, Signed.AIS, headers, Signed.aisBody(null, 4, true, Psu.PSU1_MAIN)),
                400, "BadRequest", "FORMAT_ERROR");
        headers.put("TPP-Redirect-Preferred", "maybe");
        assertError(Signed.post(Tpps.ALPHA, Signed.AIS, headers, Signed.aisBody(null, 4, true, Psu.PSU1_MAIN)),
                400, "BadRequest", "FORMAT_ERROR");
        headers.put("TPP-Redirect-Preferred", "false");
        createHeaders(headers, 201);
    }

    @Test
    void explicitPreferenceAndPsuIdRules() {
        Map<String, String> headers = new LinkedHashMap<>(Signed.redirectHeaders());
        headers.put("TPP-Explicit-Authorisation-Preferred", "maybe");
        Response refused = createHeaders(headers, 400);
        assertError(refused, 400, "BadRequest", "FORMAT_ERROR");
        assertTrue(refused.jsonPath().getString("error_message").contains("TPP-Explicit-Authorisation-Preferred"),
                refused.asString());
        headers.remove("TPP-Explicit-Authorisation-Preferred");
        // PSU-ID is checked before the redirect URIs: with both wrong, the answer names PSU-ID
        headers.put("PSU-ID", "p".repeat(51));
        headers.put("TPP-Nok-Redirect-URI", "not a uri");
        refused = createHeaders(headers, 400);
        assertError(refused, 400, "FormatError", "FORMAT_ERROR");
        assertTrue(refused.jsonPath().getString("error_message").contains("PSU-ID"), refused.asString());
    }

    @Test
    void redirectUriRules() {
        Map<String, String> headers = new LinkedHashMap<>(Signed.redirectHeaders());
        headers.remove("TPP-Redirect-URI");
        headers.remove("TPP-Nok-Redirect-URI");
        assertError(createHeaders(headers, 400), 400, "FormatError", "FORMAT_ERROR");
        headers.put("TPP-Redirect-URI", "/relative/path");
        assertError(createHeaders(headers, 400), 400, "FormatError", "FORMAT_ERROR");
        headers.put("TPP-Redirect-URI", "https://tpp.example/" + "a".repeat(500));
        assertError(createHeaders(headers, 400), 400, "FormatError", "FORMAT_ERROR");
        headers.put("TPP-Redirect-URI", Signed.TPP_OK);
        headers.put("TPP-Nok-Redirect-URI", "not a uri");
        assertError(createHeaders(headers, 400), 400, "FormatError", "FORMAT_ERROR");
    }

    @Test
    void aPispOnlyCertificateCannotCreateAnAisConsent() {
        assertError(Signed.post(Tpps.PISP_ONLY, Signed.AIS, Signed.redirectHeaders(),
                Signed.aisBody(null, 4, true, Psu.PSU1_MAIN)), 401, "RoleInvalid", "ROLE_INVALID");
    }

    @Test
    void unsignedRequestsAreRefused() {
        byte[] body = Signed.aisBody(null, 4, true, Psu.PSU1_MAIN).getBytes(StandardCharsets.UTF_8);
        Response post = given().header("X-Request-ID", java.util.UUID.randomUUID().toString())
                .header("TPP-Redirect-Preferred", "true").header("TPP-Redirect-URI", Signed.TPP_OK)
                .contentType("application/json").body(body).post(Signed.AIS);
        assertEquals(401, post.statusCode(), post.asString());
        assertError(post, 401, "CertificateMissing", "CERTIFICATE_MISSING");

        String id = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
        for (String path : List.of(Signed.AIS + "/" + id, Signed.AIS + "/" + id + "/status",
                Signed.AIS + "/" + id + "/authorisations")) {
            Response get = given().header("X-Request-ID", java.util.UUID.randomUUID().toString()).get(path);
            assertEquals(401, get.statusCode(), path + " " + get.asString());
        }
        Response delete = given().header("X-Request-ID", java.util.UUID.randomUUID().toString()).delete(Signed.AIS + "/" + id);
        assertEquals(401, delete.statusCode());
        assertEquals("received", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/status").jsonPath().getString("consentStatus"));

        // the signature covers the body: a changed body is refused
        Map<String, String> signed = Tpps.ALPHA.signer().sign("POST", Signed.AIS, Signed.redirectHeaders(), body);
        Response tampered = given().headers(signed).contentType("application/json")
                .body(Signed.aisBody(null, 4, true, Psu.PSU1_SAVINGS).getBytes(StandardCharsets.UTF_8)).post(Signed.AIS);
        assertError(tampered, 401, "SignatureInvalid", "SIGNATURE_INVALID");
    }

    @Test
    void aTppsOwnAuthorizationHeaderDoesNotDisturbSignedEndpoints() {
        byte[] body = Signed.aisBody(null, 4, true, Psu.PSU1_MAIN).getBytes(StandardCharsets.UTF_8);
        Map<String, String> signed = Tpps.ALPHA.signer().sign("POST", Signed.AIS, Signed.redirectHeaders(), body);
        Response response = given().headers(signed).header("Authorization", "Bearer not-a-jwt")
                .contentType("application/json").body(body).post(Signed.AIS);
        assertEquals(201, response.statusCode(), response.asString());
    }

    @Test
    void aRetriedCreateGetsTheFirstAnswerAndNoSecondConsent() {
        byte[] body = Signed.aisBody(null, 4, true, Psu.PSU1_MAIN).getBytes(StandardCharsets.UTF_8);
        Map<String, String> signed = Tpps.ALPHA.signer().sign("POST", Signed.AIS, Signed.redirectHeaders(), body);
        Response first = given().headers(signed).contentType("application/json").body(body).post(Signed.AIS);
        Response again = given().headers(signed).contentType("application/json").body(body).post(Signed.AIS);
        assertEquals(201, first.statusCode(), first.asString());
        assertEquals(201, again.statusCode(), again.asString());
        assertEquals(first.jsonPath().getString("consentId"), again.jsonPath().getString("consentId"));
    }

    @Test
    void wrongContentTypeAndUnknownProviderAreRefused() {
        byte[] body = Signed.aisBody(null, 4, true, Psu.PSU1_MAIN).getBytes(StandardCharsets.UTF_8);
        Map<String, String> signed = Tpps.ALPHA.signer().sign("POST", Signed.AIS, Signed.redirectHeaders(), body);
        Response response = given().headers(signed).contentType("text/plain").body(body).post(Signed.AIS);
        assertError(response, 400, "FormatError", "FORMAT_ERROR");

        String path = "/nobank/api/berlingroup/v1/consents";
        Response unknown = Signed.post(Tpps.ALPHA, path, Signed.redirectHeaders(), new String(body, StandardCharsets.UTF_8));
        assertError(unknown, 404, "ResourceUnknown", "RESOURCE_UNKNOWN");
    }

    /** The provider is checked first: an unknown one is 404 even when the SCA headers and the body are wrong too. */
    @Test
    void anUnknownProviderIs404BeforeHeadersAndBody() {
        for (String path : new String[] {"/nobank/api/berlingroup/v1/consents",
                "/nobank/api/berlingroup/v2/consents/confirmation-of-funds"}) {
            assertError(Signed.post(Tpps.ALPHA, path, Map.of(), "{\"access\":"), 404, "ResourceUnknown",
                    "RESOURCE_UNKNOWN");
        }
    }

    /** Ids longer than the id column are unknown without a query, and an error text quotes them cut short. */
    @Test
    void aLongIdIsUnknownAndQuotedShort() {
        String longId = "x".repeat(500);
        Response response = Signed.get(Tpps.ALPHA, Signed.AIS + "/" + longId + "/status");
        assertError(response, 401, "ConsentUnknown", "CONSENT_UNKNOWN");
        assertTrue(response.jsonPath().getString("error_message").length() < 150,
                response.jsonPath().getString("error_message"));
        String id = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
        Response authorisation = Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/authorisations/" + longId);
        assertError(authorisation, 404, "ResourceUnknown", "RESOURCE_UNKNOWN");
        assertTrue(authorisation.jsonPath().getString("error_message").contains("…"));
    }

    /** Each access list holds at most consent.max-account-references (200) references: above, FormatError naming it. */
    @Test
    void anAccessListAboveTheCapIsAFormatError() {
        String refs = String.join(",", java.util.Collections.nCopies(201, "{\"iban\":\"" + Psu.PSU1_MAIN + "\"}"));
        String body = "{\"access\":{\"balances\":[" + refs + "]},\"recurringIndicator\":true}";
        assertFormatError(body, "access.balances");
    }

    @Test
    void deleteTerminatesTheConsentAndFailsItsPendingAuthorisation() {
        String id = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
        Response delete = Signed.delete(Tpps.ALPHA, Signed.AIS + "/" + id);
        assertEquals(204, delete.statusCode(), delete.asString());
        assertEquals("terminatedByTpp", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/status").jsonPath().getString("consentStatus"));
        assertEquals("failed", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/authorisations/"
                + Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/authorisations").jsonPath().getString("authorisationIds[0]"))
                .jsonPath().getString("scaStatus"));
        // the transition the interface states holds for any consent, also one already terminated
        assertEquals(204, Signed.delete(Tpps.ALPHA, Signed.AIS + "/" + id).statusCode());
        assertEquals("terminatedByTpp", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id).jsonPath().getString("consentStatus"));
    }

    private static Response createHeaders(Map<String, String> headers, int expectedStatus) {
        Response response = Signed.post(Tpps.ALPHA, Signed.AIS, headers, Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals(expectedStatus, response.statusCode(), response.asString());
        return response;
    }

    private static void assertFormatError(String body, String mentioned) {
        Response response = Signed.post(Tpps.ALPHA, Signed.AIS, Signed.redirectHeaders(), body);
        assertError(response, 400, "FormatError", "FORMAT_ERROR");
        if (mentioned != null) {
            assertTrue(response.jsonPath().getString("error_message").contains(mentioned),
                    mentioned + " not named in: " + response.asString());
        }
    }
}
