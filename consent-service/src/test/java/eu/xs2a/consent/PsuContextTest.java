package eu.xs2a.consent;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.support.ConsentRows;
import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.SandboxBank;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.testsupport.Sql;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * The PSU's context (PSU-IP-Address, PSU-User-Agent, PSU-Device-ID, PSU-Geo-Location, …) of a consent's or a signing
 * basket's creation goes to the bank with its registration, for the bank's fraud monitoring, and so does the TPP's
 * brand (TPP-Brand-Logging-Information) of an AIS consent's; a header off its format is FormatError.
 */
@QuarkusTest
class PsuContextTest extends ConsentTestBase {

    private static final Map<String, String> PSU_HEADERS = Map.of("PSU-IP-Address", "2001:db8::7",
            "PSU-IP-Port", "443", "PSU-User-Agent", "SandboxBankingApp/4.2 (Android 15)",
            "PSU-Accept-Language", "fr-FR", "PSU-Http-Method", "GET",
            "PSU-Device-ID", "5B2C9F7A-0D41-4E8B-9C3E-6A1F2B3C4D5E", "PSU-Geo-Location", "GEO:-33.868820;151.209296");
    private static final String PASSWORD = "{\"psuData\":{\"password\":\"sandbox\"}}";
    private static final String OTP = "{\"scaAuthenticationData\":\"123456\"}";
    private static final Map<String, String> AT_THE_BANK = Map.of("ipAddress", "2001:db8::7", "ipPort", "443",
            "userAgent", "SandboxBankingApp/4.2 (Android 15)", "acceptLanguage", "fr-FR", "httpMethod", "GET",
            "deviceId", "5b2c9f7a-0d41-4e8b-9c3e-6a1f2b3c4d5e", "geoLocation", "GEO:-33.868820;151.209296");

    @Inject AgroalDataSource dataSource;
    @ConfigProperty(name = "psd2.providers.sandbox.bank-url")
    String bankUrl;

    @Test
    void anAisConsentsCreationTellsTheBankThePsusContextAndTheTppsBrand() {
        Map<String, String> headers = new java.util.HashMap<>(PSU_HEADERS);
        headers.put("TPP-Brand-Logging-Information", "Budget Buddy");
        String id = created(Signed.AIS, Signed.aisBody(null, 4, true, Psu.PSU1_MAIN), headers);
        assertEquals(AT_THE_BANK, atTheBank(id));
        assertEquals("Budget Buddy", bank("/bank/v1/consents/" + bankConsentId(id)).getString("tppBrand"));
    }

    @Test
    void aFundsConsentsCreationTellsTheBankThePsusContext() {
        String id = created(Signed.FUNDS, "{\"account\":{\"iban\":\"" + Psu.PSU1_MAIN + "\"}}", PSU_HEADERS);
        assertEquals(AT_THE_BANK, atTheBank(id));
    }

    @Test
    void aSigningBasketsCreationTellsTheBankThePsusContext() {
        String consentId = created(Signed.AIS, Signed.aisBody(null, 4, true, Psu.PSU1_MAIN), Map.of());
        Map<String, String> headers = Signed.redirectHeaders();
        headers.putAll(PSU_HEADERS);
        Response basket = Signed.post(Tpps.ALPHA, "/sandbox/api/berlingroup/v1/signing-baskets", headers,
                "{\"consentIds\": [\"" + consentId + "\"]}");
        assertEquals(201, basket.statusCode(), basket.asString());
        String bankBasketId = new Sql(dataSource).text("select bank_basket_id from signing_basket where id = ?",
                basket.jsonPath().getString("basketId"));
        assertEquals(AT_THE_BANK, bank("/bank/v1/signing-baskets/" + bankBasketId).getMap("psuContext"));
    }

    @Test
    void anEmbeddedConsentsStartAndStepsTellTheBankThePsusContext() {
        Map<String, String> embedded = Map.of("TPP-Redirect-Preferred", "false", "PSU-ID", "psu-embedded");
        Response created = Signed.post(Tpps.ALPHA, Signed.AIS, embedded,
                Signed.aisBody(null, 4, true, "DE66100200300800000011"));
        assertEquals(201, created.statusCode(), created.asString());
        String id = created.jsonPath().getString("consentId");
        String first = created.jsonPath().getString("_links.updatePsuAuthentication.href");
        assertNull(atTheBanksSca(id), "no step yet");

        Response authenticated = Signed.put(Tpps.ALPHA, first, Map.of("PSU-IP-Address", "198.51.100.7",
                "PSU-Device-ID", "5B2C9F7A-0D41-4E8B-9C3E-6A1F2B3C4D5E"), PASSWORD);
        assertEquals(200, authenticated.statusCode(), authenticated.asString());
        assertEquals(Map.of("ipAddress", "198.51.100.7", "deviceId", "5b2c9f7a-0d41-4e8b-9c3e-6a1f2b3c4d5e"),
                atTheBanksSca(id));

        // an explicit start with the password: the new SCA and its password step both carry it
        Response started = Signed.post(Tpps.ALPHA, Signed.AIS + "/" + id + "/authorisations",
                Map.of("PSU-ID", "psu-embedded", "PSU-Geo-Location", "GEO:48.137154;11.576124"), PASSWORD);
        assertEquals(201, started.statusCode(), started.asString());
        assertEquals(Map.of("geoLocation", "GEO:48.137154;11.576124"), atTheBanksSca(id));

        String second = started.jsonPath().getString("_links.authoriseTransaction.href");
        assertError(Signed.put(Tpps.ALPHA, second, Map.of("PSU-IP-Port", "70000"), OTP), 400, "FormatError",
                "FORMAT_ERROR");
        assertEquals("received", bank("/bank/v1/consents/" + bankConsentId(id)).getString("status"),
                "the bad step did not reach the bank");
        Response finalised = Signed.put(Tpps.ALPHA, second, Map.of("PSU-IP-Address", "2001:db8::7"), OTP);
        assertEquals(200, finalised.statusCode(), finalised.asString());
        assertEquals(Map.of("ipAddress", "2001:db8::7"), atTheBanksSca(id));
    }

    @Test
    void anEmbeddedBasketsStepsTellTheBankThePsusContext() {
        String consentId = created(Signed.AIS, Signed.aisBody(null, 4, true, Psu.PSU1_MAIN), Map.of());
        Map<String, String> embedded = Signed.redirectHeaders();
        embedded.remove("TPP-Redirect-URI");
        embedded.put("TPP-Redirect-Preferred", "false");
        embedded.put("PSU-ID", "psu1");
        embedded.put("PSU-IP-Address", "192.0.2.10");
        Response basket = Signed.post(Tpps.ALPHA, "/sandbox/api/berlingroup/v1/signing-baskets", embedded,
                "{\"consentIds\": [\"" + consentId + "\"]}");
        assertEquals(201, basket.statusCode(), basket.asString());
        String bankBasketId = new Sql(dataSource).text("select bank_basket_id from signing_basket where id = ?",
                basket.jsonPath().getString("basketId"));
        String auth = basket.jsonPath().getString("_links.scaStatus.href");

        Response authenticated = Signed.put(Tpps.ALPHA, auth, PSU_HEADERS, PASSWORD);
        assertEquals(200, authenticated.statusCode(), authenticated.asString());
        JsonPath atTheBank = bank("/bank/v1/signing-baskets/" + bankBasketId);
        assertEquals(AT_THE_BANK, atTheBank.getMap("scaPsuContext"));
        assertEquals(Map.of("ipAddress", "192.0.2.10"), atTheBank.getMap("psuContext"), "the creation's, kept");
    }

    @Test
    void withoutPsuHeadersTheBankGetsNoContext() {
        String id = created(Signed.AIS, Signed.aisBody(null, 4, true, Psu.PSU1_MAIN), Map.of());
        assertNull(atTheBank(id));
    }

    @Test
    void aPsuHeaderOffItsFormatIsAFormatError() {
        Map<String, String> bad = Map.of("PSU-Geo-Location", "GEO:52.506931", "PSU-Device-ID", "not-a-uuid",
                "PSU-IP-Port", "0", "PSU-Http-Method", "TRACE", "PSU-Accept", "a".repeat(513),
                "PSU-IP-Address", "::1::", "TPP-Brand-Logging-Information", "b".repeat(141));
        bad.forEach((header, value) -> {
            Map<String, String> headers = Signed.redirectHeaders();
            headers.put(header, value);
            Response response = Signed.post(Tpps.ALPHA, Signed.AIS, headers,
                    Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
            assertError(response, 400, "FormatError", "FORMAT_ERROR");
            assertTrue(response.jsonPath().getString("tppMessages[0].text").startsWith(header + " "),
                    response.asString());
        });
    }

    private static String created(String path, String body, Map<String, String> psuHeaders) {
        Map<String, String> headers = Signed.redirectHeaders();
        headers.putAll(psuHeaders);
        Response created = Signed.post(Tpps.ALPHA, path, headers, body);
        assertEquals("received", created.jsonPath().getString("consentStatus"), created.asString());
        return created.jsonPath().getString("consentId");
    }

    private Map<String, String> atTheBank(String consentId) {
        return bank("/bank/v1/consents/" + bankConsentId(consentId)).getMap("psuContext");
    }

    /** What the bank was told of the PSU with the newest step of the consent's SCA. */
    private Map<String, String> atTheBanksSca(String consentId) {
        return bank("/bank/v1/consents/" + bankConsentId(consentId)).getMap("scaPsuContext");
    }

    private String bankConsentId(String consentId) {
        return ConsentRows.column(dataSource, consentId, "bank_consent_id", String.class);
    }

    /** What the bank itself holds (its own API, BANK-API.md). */
    private JsonPath bank(String path) {
        return given().header("Authorization", "Bearer " + SandboxBank.CREDENTIAL).get(bankUrl + path)
                .then().statusCode(200).extract().jsonPath();
    }
}
