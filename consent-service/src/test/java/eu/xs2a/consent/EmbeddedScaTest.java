package eu.xs2a.consent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.testsupport.CapturedLog;
import eu.xs2a.testsupport.DatabaseText;
import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Embedded and decoupled SCA of consents against the real sandbox bank (docs/ARCHITECTURE.md "SCA approaches"):
 * the approach the bank chooses per PSU, each PUT step in order, every wrong step with its Berlin Group code, the
 * consent following the authorisation, and the password and OTP nowhere in the gateway's log or database.
 */
@QuarkusTest
class EmbeddedScaTest extends ConsentTestBase {

    /** psu-fail's account (SeedData), psu-embedded's and psu-decoupled's (V9__sca_approaches.sql). */
    private static final String PSU_FAIL_MAIN = "DE12100200300200000014";
    private static final String PSU_EMBEDDED_MAIN = "DE66100200300800000011";
    private static final String PSU_DECOUPLED_MAIN = "DE65100200300800000029";
    private static final String PSU_DECOUPLED_DENY_MAIN = "DE43100200300800000037";
    /** The corporate account psu-corp-a and psu-corp-b both sign for (V25__multilevel_sca.sql). */
    private static final String CORP_MAIN = "DE02100200300900000015";
    private static final String WRONG_PASSWORD = "Wrong-Pass-5a1t";
    private static final String WRONG_OTP = "640931";

    @Inject AgroalDataSource dataSource;

    @Test
    void psu1SelectsAMethodAndEveryWrongStepHasItsCode() throws Exception {
        try (CapturedLog log = CapturedLog.of("")) {
            Response created = create(Signed.AIS, "psu1", Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
            assertEquals("EMBEDDED", created.header("ASPSP-SCA-Approach"));
            assertNull(created.jsonPath().get("_links.scaRedirect"));
            String auth = created.jsonPath().getString("_links.updatePsuAuthentication.href");
            assertEquals(created.jsonPath().getString("_links.scaStatus.href"), auth);
            String id = created.jsonPath().getString("consentId");

            assertError(put(auth, "psu1", otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
            assertError(put(auth, "psu1", "{\"authenticationMethodId\":\"sms\",\"scaAuthenticationData\":\"1\"}"),
                    400, "FormatError", "FORMAT_ERROR");
            assertError(put(auth, "psu1", password(WRONG_PASSWORD)), 401, "PsuCredentialsInvalid",
                    "PSU_CREDENTIALS_INVALID");
            // another TPP's authorisation answers as one that never existed
            assertError(Signed.put(Tpps.BETA, auth, Map.of("PSU-ID", "psu1"), password("sandbox")), 401,
                    "ConsentUnknown", "CONSENT_UNKNOWN");
            assertError(put(auth.replaceAll("[^/]+$", "unknown-authorisation"), "psu1", password("sandbox")), 404,
                    "ResourceUnknown", "RESOURCE_UNKNOWN");

            Response authenticated = put(auth, "psu1", password("sandbox"));
            assertEquals(200, authenticated.statusCode(), authenticated.asString());
            assertEquals("psuAuthenticated", authenticated.jsonPath().getString("scaStatus"));
            assertEquals(List.of("sms", "chip"), authenticated.jsonPath().getList("scaMethods.authenticationMethodId"));
            assertEquals(List.of("SMS_OTP", "CHIP_OTP"), authenticated.jsonPath().getList("scaMethods.authenticationType"));
            assertEquals(auth, authenticated.jsonPath().getString("_links.selectAuthenticationMethod.href"));
            assertError(put(auth, "psu1", password("sandbox")), 409, "StatusInvalid", "STATUS_INVALID");
            assertError(put(auth, null, otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
            assertError(put(auth, null, "{\"authenticationMethodId\":\"carrier-pigeon\"}"), 400, "ScaMethodUnknown",
                    "SCA_METHOD_UNKNOWN");

            Response selected = put(auth, null, "{\"authenticationMethodId\":\"chip\"}");
            assertEquals(200, selected.statusCode(), selected.asString());
            assertEquals("scaMethodSelected", selected.jsonPath().getString("scaStatus"));
            assertEquals("chip", selected.jsonPath().getString("chosenScaMethod.authenticationMethodId"));
            assertEquals(6, selected.jsonPath().getInt("challengeData.otpMaxLength"));
            assertEquals(auth, selected.jsonPath().getString("_links.authoriseTransaction.href"));

            assertError(put(auth, null, otp(WRONG_OTP)), 400, "ScaInvalid", "SCA_INVALID");
            assertEquals("scaMethodSelected", Signed.get(Tpps.ALPHA, auth).jsonPath().getString("scaStatus"));
            Response finalised = put(auth, null, otp("123456"));
            assertEquals(200, finalised.statusCode(), finalised.asString());
            assertEquals("finalised", finalised.jsonPath().getString("scaStatus"));
            assertEquals("valid", status(Signed.AIS, id));
            assertEquals("finalised", Signed.get(Tpps.ALPHA, auth).jsonPath().getString("scaStatus"));
            assertError(put(auth, null, otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");

            // the password and the OTP went to the bank and nowhere else in the gateway, not even as the Digest of the
            // body that carried them (the replay table keeps a create's only)
            for (String secret : List.of(WRONG_PASSWORD, WRONG_OTP, digestOf(password(WRONG_PASSWORD)),
                    digestOf(otp(WRONG_OTP)))) {
                assertEquals(List.of(), log.linesWith(secret), secret);
                assertEquals(List.of(), DatabaseText.rowsContaining(dataSource, secret), secret);
            }
            assertFalse(log.lines().isEmpty(), "the log was captured");
        }
    }

    @Test
    void oneMethodIsChosenImplicitlyForAFundsConsentAndWrongCodesEndIt() {
        String body = "{\"account\":{\"iban\":\"%s\",\"currency\":\"EUR\"}}";
        // no PSU-ID at creation: the bank cannot be asked, embedded; the PSU-ID comes with the password
        Response created = create(Signed.FUNDS, null, body.formatted(PSU_EMBEDDED_MAIN));
        assertEquals("EMBEDDED", created.header("ASPSP-SCA-Approach"));
        String auth = created.jsonPath().getString("_links.updatePsuAuthentication.href");
        assertError(put(auth, null, password("sandbox")), 400, "FormatError", "FORMAT_ERROR");
        Response selected = put(auth, "psu-embedded", password("sandbox"));
        assertEquals(200, selected.statusCode(), selected.asString());
        assertEquals("scaMethodSelected", selected.jsonPath().getString("scaStatus"));
        assertEquals("sms", selected.jsonPath().getString("chosenScaMethod.authenticationMethodId"));
        assertNull(selected.jsonPath().get("scaMethods"));
        assertEquals(auth, selected.jsonPath().getString("_links.authoriseTransaction.href"));
        assertEquals(200, put(auth, null, otp("123456")).statusCode());
        assertEquals("valid", status(Signed.FUNDS, created.jsonPath().getString("consentId")));

        // psu-fail: every code is wrong; the bank's third wrong code fails the authorisation and rejects the consent
        Response failing = create(Signed.AIS, "psu-fail", Signed.aisBody(null, 4, true, PSU_FAIL_MAIN));
        String failingAuth = failing.jsonPath().getString("_links.updatePsuAuthentication.href");
        assertEquals("scaMethodSelected", put(failingAuth, "psu-fail", password("sandbox")).jsonPath().getString("scaStatus"));
        assertError(put(failingAuth, null, otp("123456")), 400, "ScaInvalid", "SCA_INVALID");
        assertError(put(failingAuth, null, otp("123456")), 400, "ScaInvalid", "SCA_INVALID");
        Response last = put(failingAuth, null, otp("123456"));
        assertError(last, 400, "ScaInvalid", "SCA_INVALID");
        assertTrue(last.jsonPath().getString("tppMessages[0].text").contains("failed"), last.asString());
        assertEquals("failed", Signed.get(Tpps.ALPHA, failingAuth).jsonPath().getString("scaStatus"));
        assertEquals("rejected", status(Signed.AIS, failing.jsonPath().getString("consentId")));
        assertError(put(failingAuth, null, otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
    }

    @Test
    void explicitStartsReplaceTheOpenAuthorisationAndMayCarryThePassword() {
        Response created = create(Signed.AIS, "psu-embedded", Signed.aisBody(null, 4, true, PSU_EMBEDDED_MAIN));
        String consentId = created.jsonPath().getString("consentId");
        String first = created.jsonPath().getString("_links.updatePsuAuthentication.href");
        String authorisations = Signed.AIS + "/" + consentId + "/authorisations";

        Response started = Signed.post(Tpps.ALPHA, authorisations, Map.of(), "");
        assertEquals(201, started.statusCode(), started.asString());
        assertEquals("EMBEDDED", started.header("ASPSP-SCA-Approach"));
        assertEquals("received", started.jsonPath().getString("scaStatus"));
        String second = authorisations + "/" + started.jsonPath().getString("authorisationId");
        assertEquals(second, started.jsonPath().getString("_links.updatePsuAuthentication.href"));
        // the bank has one SCA per consent: the open authorisation ended
        assertEquals("failed", Signed.get(Tpps.ALPHA, first).jsonPath().getString("scaStatus"));
        assertError(put(first, "psu-embedded", password("sandbox")), 409, "StatusInvalid", "STATUS_INVALID");
        assertError(Signed.post(Tpps.ALPHA, authorisations, Map.of(), otp("123456")), 400, "FormatError",
                "FORMAT_ERROR");

        // with psuData it starts authenticated: psu-embedded's one method is chosen at once
        Response authenticated = Signed.post(Tpps.ALPHA, authorisations, Map.of("PSU-ID", "psu-embedded"),
                password("sandbox"));
        assertEquals(201, authenticated.statusCode(), authenticated.asString());
        assertEquals("scaMethodSelected", authenticated.jsonPath().getString("scaStatus"));
        String third = authenticated.jsonPath().getString("_links.authoriseTransaction.href");
        assertEquals(authorisations + "/" + authenticated.jsonPath().getString("authorisationId"), third);
        assertEquals("failed", Signed.get(Tpps.ALPHA, second).jsonPath().getString("scaStatus"));
        assertEquals(3, Signed.get(Tpps.ALPHA, authorisations).jsonPath().getList("authorisationIds").size());
        assertEquals("finalised", put(third, null, otp("123456")).jsonPath().getString("scaStatus"));
        assertEquals("valid", status(Signed.AIS, consentId));
        assertError(Signed.post(Tpps.ALPHA, authorisations, Map.of(), ""), 409, "StatusInvalid", "STATUS_INVALID");

        // a redirect consent's authorisation starts with it; another TPP's consent does not exist for it
        String redirect = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
        assertError(Signed.post(Tpps.ALPHA, Signed.AIS + "/" + redirect + "/authorisations", Map.of(), ""), 409,
                "StatusInvalid", "STATUS_INVALID");
        assertError(Signed.post(Tpps.BETA, authorisations, Map.of(), ""), 401, "ConsentUnknown", "CONSENT_UNKNOWN");
    }

    /**
     * TPP-Explicit-Authorisation-Preferred: true: the consent comes with the link to start its authorisation and no
     * authorisation of its own; a decoupled one pushes nothing to the PSU's app before the TPP's start.
     */
    @Test
    void aPreferredExplicitStartLeavesTheFirstAuthorisationToTheTpp() throws InterruptedException {
        Map<String, String> explicit = Map.of("TPP-Redirect-Preferred", "false", "PSU-ID", "psu-embedded",
                "TPP-Explicit-Authorisation-Preferred", "true");
        Response created = Signed.post(Tpps.ALPHA, Signed.AIS, explicit, Signed.aisBody(null, 4, true, PSU_EMBEDDED_MAIN));
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals("EMBEDDED", created.header("ASPSP-SCA-Approach"));
        String authorisations = Signed.AIS + "/" + created.jsonPath().getString("consentId") + "/authorisations";
        assertEquals(authorisations, created.jsonPath().getString("_links.startAuthorisationWithPsuAuthentication.href"));
        assertNull(created.jsonPath().get("_links.updatePsuAuthentication"));
        assertNull(created.jsonPath().get("_links.scaStatus"));
        assertEquals(List.of(), Signed.get(Tpps.ALPHA, authorisations).jsonPath().getList("authorisationIds"));
        Response started = Signed.post(Tpps.ALPHA, authorisations, Map.of("PSU-ID", "psu-embedded"),
                password("sandbox"));
        assertEquals(201, started.statusCode(), started.asString());
        assertEquals(List.of(started.jsonPath().getString("authorisationId")),
                Signed.get(Tpps.ALPHA, authorisations).jsonPath().getList("authorisationIds"));
        assertEquals("finalised", put(started.jsonPath().getString("_links.authoriseTransaction.href"), null,
                otp("123456")).jsonPath().getString("scaStatus"));
        assertEquals("valid", status(Signed.AIS, created.jsonPath().getString("consentId")));

        Response decoupled = Signed.post(Tpps.ALPHA, Signed.AIS, Map.of("TPP-Redirect-Preferred", "false",
                "PSU-ID", "psu-decoupled", "TPP-Explicit-Authorisation-Preferred", "true"),
                Signed.aisBody(null, 4, true, PSU_DECOUPLED_MAIN));
        assertEquals(201, decoupled.statusCode(), decoupled.asString());
        assertEquals("DECOUPLED", decoupled.header("ASPSP-SCA-Approach"));
        assertNull(decoupled.jsonPath().get("psuMessage"), "nothing was pushed yet");
        String start = decoupled.jsonPath().getString("_links.startAuthorisation.href");
        Response pushed = Signed.post(Tpps.ALPHA, start, Map.of(), "");
        assertEquals(201, pushed.statusCode(), pushed.asString());
        assertNotNull(pushed.jsonPath().getString("psuMessage"), pushed.asString());
        assertEquals("finalised", pollUntilFinal(pushed.jsonPath().getString("_links.scaStatus.href")));
        assertEquals("valid", status(Signed.AIS, decoupled.jsonPath().getString("consentId")));
    }

    /**
     * Multilevel SCA: the corporate account needs psu-corp-a's and psu-corp-b's signatures, each on an authorisation
     * of their own; the consent is partiallyAuthorised in between, and each signatory signs once.
     */
    @Test
    void twoSignatoriesEachAuthoriseOnTheirOwnAuthorisation() {
        Response created = create(Signed.AIS, "psu-corp-a", Signed.aisBody(null, 4, true, CORP_MAIN));
        assertEquals("EMBEDDED", created.header("ASPSP-SCA-Approach"));
        String consentId = created.jsonPath().getString("consentId");
        String first = created.jsonPath().getString("_links.updatePsuAuthentication.href");
        String authorisations = Signed.AIS + "/" + consentId + "/authorisations";
        assertEquals("scaMethodSelected",
                put(first, "psu-corp-a", password("sandbox")).jsonPath().getString("scaStatus"));
        assertEquals("finalised", put(first, null, otp("123456")).jsonPath().getString("scaStatus"));
        assertEquals("partiallyAuthorised", status(Signed.AIS, consentId));
        assertError(put(first, null, otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");

        // the same signatory again, on an authorisation of their own: out of order at the bank
        assertError(Signed.post(Tpps.ALPHA, authorisations, Map.of("PSU-ID", "psu-corp-a"), password("sandbox")), 409,
                "StatusInvalid", "STATUS_INVALID");
        assertEquals("partiallyAuthorised", status(Signed.AIS, consentId));

        // the second signatory's authorisation belongs to the PSU-ID it was started with: its PUTs need none
        Response started = Signed.post(Tpps.ALPHA, authorisations, Map.of("PSU-ID", "psu-corp-b"), "");
        assertEquals(201, started.statusCode(), started.asString());
        assertEquals("received", started.jsonPath().getString("scaStatus"));
        String second = started.jsonPath().getString("_links.updatePsuAuthentication.href");
        assertEquals("scaMethodSelected", put(second, null, password("sandbox")).jsonPath().getString("scaStatus"));
        assertEquals("finalised", put(second, null, otp("123456")).jsonPath().getString("scaStatus"));
        assertEquals("valid", status(Signed.AIS, consentId));
        assertEquals("finalised", Signed.get(Tpps.ALPHA, first).jsonPath().getString("scaStatus"));
        assertEquals(3, Signed.get(Tpps.ALPHA, authorisations).jsonPath().getList("authorisationIds").size());
        assertError(Signed.post(Tpps.ALPHA, authorisations, Map.of("PSU-ID", "psu-corp-b"), ""), 409, "StatusInvalid",
                "STATUS_INVALID");
    }

    @Test
    void decoupledApprovalAndDenialInThePsusApp() throws InterruptedException {
        Response approving = create(Signed.AIS, "psu-decoupled", Signed.aisBody(null, 4, true, PSU_DECOUPLED_MAIN));
        Response denying = create(Signed.AIS, "psu-decoupled-deny",
                Signed.aisBody(null, 4, true, PSU_DECOUPLED_DENY_MAIN));
        for (Response created : List.of(approving, denying)) {
            assertEquals("DECOUPLED", created.header("ASPSP-SCA-Approach"));
            assertNotNull(created.jsonPath().getString("psuMessage"), created.asString());
            assertNull(created.jsonPath().get("_links.updatePsuAuthentication"));
            assertNull(created.jsonPath().get("_links.scaRedirect"));
            String auth = created.jsonPath().getString("_links.scaStatus.href");
            assertEquals("scaMethodSelected", Signed.get(Tpps.ALPHA, auth).jsonPath().getString("scaStatus"));
            // nothing for the TPP to send: the PSU approves in the app
            assertError(put(auth, "psu-decoupled", password("sandbox")), 409, "StatusInvalid", "STATUS_INVALID");
        }
        // an explicit start pushes again; the first push is void
        String authorisations = Signed.AIS + "/" + approving.jsonPath().getString("consentId") + "/authorisations";
        Response restarted = Signed.post(Tpps.ALPHA, authorisations, Map.of(), "");
        assertEquals(201, restarted.statusCode(), restarted.asString());
        assertEquals("DECOUPLED", restarted.header("ASPSP-SCA-Approach"));
        assertEquals("scaMethodSelected", restarted.jsonPath().getString("scaStatus"));
        assertNotNull(restarted.jsonPath().getString("psuMessage"), restarted.asString());
        assertEquals("failed", Signed.get(Tpps.ALPHA, approving.jsonPath().getString("_links.scaStatus.href"))
                .jsonPath().getString("scaStatus"));
        String approved = restarted.jsonPath().getString("_links.scaStatus.href");
        String denied = denying.jsonPath().getString("_links.scaStatus.href");
        // the TPP polls; the app answers after sandbox.decoupled-delay (3 s)
        assertEquals("finalised", pollUntilFinal(approved));
        assertEquals("failed", pollUntilFinal(denied));
        assertEquals("valid", status(Signed.AIS, approving.jsonPath().getString("consentId")));
        assertEquals("rejected", status(Signed.AIS, denying.jsonPath().getString("consentId")));
    }

    private static String pollUntilFinal(String authorisation) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        String status = null;
        while (System.nanoTime() < deadline) {
            status = Signed.get(Tpps.ALPHA, authorisation).jsonPath().getString("scaStatus");
            if ("finalised".equals(status) || "failed".equals(status)) {
                return status;
            }
            Thread.sleep(250);
        }
        return status;
    }

    private static Response create(String path, String psuId, String body) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("TPP-Redirect-Preferred", "false");
        if (psuId != null) {
            headers.put("PSU-ID", psuId);
        }
        Response created = Signed.post(Tpps.ALPHA, path, headers, body);
        assertEquals(201, created.statusCode(), created.asString());
        return created;
    }

    private static Response put(String path, String psuId, String body) {
        return Signed.put(Tpps.ALPHA, path, psuId == null ? Map.of() : Map.of("PSU-ID", psuId), body);
    }

    private static String password(String password) {
        return "{\"psuData\":{\"password\":\"" + password + "\"}}";
    }

    private static String otp(String otp) {
        return "{\"scaAuthenticationData\":\"" + otp + "\"}";
    }

    private static String status(String base, String consentId) {
        return Signed.get(Tpps.ALPHA, base + "/" + consentId + "/status").jsonPath().getString("consentStatus");
    }

    private static String digestOf(String body) throws Exception {
        return java.util.Base64.getEncoder().encodeToString(java.security.MessageDigest.getInstance("SHA-256")
                .digest(body.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
}
