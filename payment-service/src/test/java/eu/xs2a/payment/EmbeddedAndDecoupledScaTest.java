package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.status;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static eu.xs2a.payment.support.Tpps.BETA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.support.Await;
import eu.xs2a.payment.support.BankApi;
import eu.xs2a.payment.support.GatewayDb;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Sca;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.testsupport.BankDates;
import eu.xs2a.testsupport.CapturedLog;
import eu.xs2a.testsupport.DatabaseText;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Embedded and decoupled SCA of payments and of their cancellations against the real sandbox bank
 * (docs/ARCHITECTURE.md "SCA approaches"): the approach the bank chooses per PSU, each PUT step in order, every wrong
 * step with its Berlin Group code, the payment following the authorisation (ACTC and on, or RJCT; CANC for a
 * cancellation), and the password and OTP nowhere in the gateway's log or database.
 */
@QuarkusTest
class EmbeddedAndDecoupledScaTest {

    private static final String WRONG_PASSWORD = "Wrong-Pay-9k2q";
    private static final String WRONG_OTP = "580217";

    @Inject AgroalDataSource dataSource;

    @Test
    void psu1SelectsAMethodAndEveryWrongStepHasItsCode() throws Exception {
        try (CapturedLog log = CapturedLog.of("")) {
            Response created = initiate("psu1", false, Payments.body("3.10"));
            assertEquals(201, created.statusCode(), created.asString());
            assertEquals("EMBEDDED", created.header("ASPSP-SCA-Approach"));
            assertNull(created.jsonPath().get("_links.scaRedirect"));
            String auth = created.jsonPath().getString("_links.updatePsuAuthentication.href");
            assertEquals(created.jsonPath().getString("_links.scaStatus.href"), auth);
            String self = created.jsonPath().getString("_links.self.href");

            assertError(put(auth, "psu1", otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
            assertError(put(auth, "psu1", "{\"authenticationMethodId\":\"sms\",\"scaAuthenticationData\":\"1\"}"),
                    400, "FormatError", "FORMAT_ERROR");
            assertError(put(auth, "psu1", password(WRONG_PASSWORD)), 401, "PsuCredentialsInvalid",
                    "PSU_CREDENTIALS_INVALID");
            // another TPP's authorisation answers as one that never existed
            assertError(Tpps.send(BETA, "PUT", auth, Map.of("PSU-ID", "psu1"), password("sandbox")), 404,
                    "ResourceUnknown", "RESOURCE_UNKNOWN");
            assertError(put(auth.replaceAll("[^/]+$", "unknown-authorisation"), "psu1", password("sandbox")), 404,
                    "ResourceUnknown", "RESOURCE_UNKNOWN");

            Response authenticated = put(auth, "psu1", password("sandbox"));
            assertEquals(200, authenticated.statusCode(), authenticated.asString());
            assertEquals("psuAuthenticated", authenticated.jsonPath().getString("scaStatus"));
            assertEquals(List.of("sms", "chip"), authenticated.jsonPath().getList("scaMethods.authenticationMethodId"));
            assertEquals(auth, authenticated.jsonPath().getString("_links.selectAuthenticationMethod.href"));
            assertError(put(auth, "psu1", password("sandbox")), 409, "StatusInvalid", "STATUS_INVALID");
            assertError(put(auth, null, otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
            assertError(put(auth, null, "{\"authenticationMethodId\":\"carrier-pigeon\"}"), 400, "ScaMethodUnknown",
                    "SCA_METHOD_UNKNOWN");

            Response selected = put(auth, null, "{\"authenticationMethodId\":\"sms\"}");
            assertEquals(200, selected.statusCode(), selected.asString());
            assertEquals("scaMethodSelected", selected.jsonPath().getString("scaStatus"));
            assertEquals("sms", selected.jsonPath().getString("chosenScaMethod.authenticationMethodId"));
            assertEquals(6, selected.jsonPath().getInt("challengeData.otpMaxLength"));
            assertEquals(auth, selected.jsonPath().getString("_links.authoriseTransaction.href"));

            assertError(put(auth, null, otp(WRONG_OTP)), 400, "ScaInvalid", "SCA_INVALID");
            assertEquals("RCVD", status(self));
            Response finalised = put(auth, null, otp("123456"));
            assertEquals(200, finalised.statusCode(), finalised.asString());
            assertEquals("finalised", finalised.jsonPath().getString("scaStatus"));
            // authorised (ACTC), and the sandbox bank accepts it for execution in the same step
            assertEquals("ACSP", status(self));
            assertEquals("finalised", Tpps.get(ALPHA, auth).jsonPath().getString("scaStatus"));
            assertError(put(auth, null, otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");

            // nor the Digest of the bodies that carried them (the replay table keeps a create's only)
            for (String secret : List.of(WRONG_PASSWORD, WRONG_OTP, digestOf(password(WRONG_PASSWORD)),
                    digestOf(otp(WRONG_OTP)))) {
                assertEquals(List.of(), log.linesWith(secret), secret);
                assertEquals(List.of(), DatabaseText.rowsContaining(dataSource, secret), secret);
            }
            assertFalse(log.lines().isEmpty(), "the log was captured");
        }
    }

    @Test
    void oneMethodIsChosenImplicitlyAndTheBanksLastWrongCodeRejectsThePayment() {
        Response created = initiate("psu-embedded", false, Payments.body("1.20"));
        String auth = created.jsonPath().getString("_links.updatePsuAuthentication.href");
        Response selected = put(auth, null, password("sandbox")); // PSU-ID of the initiation
        assertEquals(200, selected.statusCode(), selected.asString());
        assertEquals("scaMethodSelected", selected.jsonPath().getString("scaStatus"));
        assertEquals("sms", selected.jsonPath().getString("chosenScaMethod.authenticationMethodId"));
        assertNull(selected.jsonPath().get("scaMethods"));
        assertEquals(200, put(auth, null, otp("123456")).statusCode());
        assertEquals("ACSP", status(created.jsonPath().getString("_links.self.href")));

        // psu-fail: every code is wrong; the bank's third wrong code fails the authorisation and rejects the payment
        Response failing = initiate("psu-fail", false, Payments.body("1.30"));
        String failingAuth = failing.jsonPath().getString("_links.updatePsuAuthentication.href");
        assertEquals("scaMethodSelected", put(failingAuth, null, password("sandbox")).jsonPath().getString("scaStatus"));
        assertError(put(failingAuth, null, otp("123456")), 400, "ScaInvalid", "SCA_INVALID");
        assertError(put(failingAuth, null, otp("123456")), 400, "ScaInvalid", "SCA_INVALID");
        Response last = put(failingAuth, null, otp("123456"));
        assertError(last, 400, "ScaInvalid", "SCA_INVALID");
        assertTrue(last.jsonPath().getString("tppMessages[0].text").contains("failed"), last.asString());
        assertEquals("failed", Tpps.get(ALPHA, failingAuth).jsonPath().getString("scaStatus"));
        assertEquals("RJCT", status(failing.jsonPath().getString("_links.self.href")));
        assertError(put(failingAuth, null, otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
    }

    /**
     * Multilevel SCA: the corporate account (psu-corp-a's and psu-corp-b's only one, which the bank pays from) needs
     * both signatures, each on an authorisation of its own: PATC in between, then ACTC and on; each signs once.
     */
    @Test
    void twoSignatoriesEachAuthoriseOnTheirOwnAuthorisation() {
        Response created = initiate("psu-corp-a", false, Payments.body("12.50"));
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals("EMBEDDED", created.header("ASPSP-SCA-Approach"));
        String self = created.jsonPath().getString("_links.self.href");
        String first = created.jsonPath().getString("_links.updatePsuAuthentication.href");
        assertEquals("scaMethodSelected", put(first, null, password("sandbox")).jsonPath().getString("scaStatus"));
        assertEquals("finalised", put(first, null, otp("123456")).jsonPath().getString("scaStatus"));
        assertEquals("PATC", status(self));
        assertError(put(first, null, otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");

        // the same signatory again, on an authorisation of their own: out of order at the bank
        String authorisations = self + "/authorisations";
        assertError(Tpps.send(ALPHA, "POST", authorisations, Map.of("PSU-ID", "psu-corp-a"), password("sandbox")),
                409, "StatusInvalid", "STATUS_INVALID");
        assertEquals("PATC", status(self));

        // the second signatory's authorisation belongs to the PSU-ID it was started with: its PUTs need none
        Response started = Tpps.send(ALPHA, "POST", authorisations, Map.of("PSU-ID", "psu-corp-b"), "");
        assertEquals(201, started.statusCode(), started.asString());
        String second = started.jsonPath().getString("_links.updatePsuAuthentication.href");
        assertEquals("scaMethodSelected", put(second, null, password("sandbox")).jsonPath().getString("scaStatus"));
        assertEquals("finalised", put(second, null, otp("123456")).jsonPath().getString("scaStatus"));
        assertEquals("ACSP", status(self));
        assertEquals("finalised", Tpps.get(ALPHA, first).jsonPath().getString("scaStatus"));
        assertError(Tpps.send(ALPHA, "POST", authorisations, Map.of("PSU-ID", "psu-corp-b"), ""), 409, "StatusInvalid",
                "STATUS_INVALID");
    }

    @Test
    void decoupledApprovalAndDenialInThePsusApp() {
        Response created = initiate("psu-decoupled", false, Payments.body("2.40"));
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals("DECOUPLED", created.header("ASPSP-SCA-Approach"));
        assertNotNull(created.jsonPath().getString("psuMessage"));
        assertNull(created.jsonPath().get("_links.updatePsuAuthentication"));
        String auth = created.jsonPath().getString("_links.scaStatus.href");
        // the PSU approves in the app: nothing for the TPP to PUT
        assertError(put(auth, "psu-decoupled", password("sandbox")), 409, "StatusInvalid", "STATUS_INVALID");
        Await.until(() -> Tpps.get(ALPHA, auth).jsonPath().getString("scaStatus"), "finalised"::equals,
                "the app's approval");
        assertEquals("ACSP", status(created.jsonPath().getString("_links.self.href")));

        Response denied = initiate("psu-decoupled-deny", false, Payments.body("2.50"));
        String deniedAuth = denied.jsonPath().getString("_links.scaStatus.href");
        Await.until(() -> Tpps.get(ALPHA, deniedAuth).jsonPath().getString("scaStatus"), "failed"::equals,
                "the app's denial");
        assertEquals("RJCT", status(denied.jsonPath().getString("_links.self.href")));
    }

    @Test
    void explicitStartsReplaceTheOpenAuthorisationAndMayCarryThePassword() {
        Response created = initiate("psu-embedded", true, Payments.body("1.40"));
        assertEquals("EMBEDDED", created.header("ASPSP-SCA-Approach"));
        String authorisations = created.jsonPath().getString("_links.startAuthorisationWithPsuAuthentication.href");
        assertNotNull(authorisations, created.asString());
        assertNull(created.jsonPath().get("_links.scaStatus"));

        Response started = Tpps.send(ALPHA, "POST", authorisations, Map.of(), "");
        assertEquals(201, started.statusCode(), started.asString());
        assertEquals("EMBEDDED", started.header("ASPSP-SCA-Approach"));
        assertEquals("received", started.jsonPath().getString("scaStatus"));
        String first = authorisations + "/" + started.jsonPath().getString("authorisationId");
        assertEquals(first, started.jsonPath().getString("_links.updatePsuAuthentication.href"));
        assertError(Tpps.send(ALPHA, "POST", authorisations, Map.of(), "{\"scaAuthenticationData\":\"123456\"}"), 400,
                "FormatError", "FORMAT_ERROR");

        Response withPassword = Tpps.send(ALPHA, "POST", authorisations, Map.of("PSU-ID", "psu-embedded"),
                password("sandbox"));
        assertEquals(201, withPassword.statusCode(), withPassword.asString());
        assertEquals("scaMethodSelected", withPassword.jsonPath().getString("scaStatus"));
        String second = authorisations + "/" + withPassword.jsonPath().getString("authorisationId");
        // the bank has one SCA per payment: the first authorisation ended
        assertEquals("failed", Tpps.get(ALPHA, first).jsonPath().getString("scaStatus"));
        assertError(put(first, null, password("sandbox")), 409, "StatusInvalid", "STATUS_INVALID");
        assertEquals(List.of(first.substring(first.lastIndexOf('/') + 1), second.substring(second.lastIndexOf('/') + 1)),
                Tpps.get(ALPHA, authorisations).jsonPath().getList("authorisationIds"));
        assertEquals(200, put(second, null, otp("123456")).statusCode());
        assertEquals("ACSP", status(created.jsonPath().getString("_links.self.href")));
        // authorised: nothing left to start
        assertError(Tpps.send(ALPHA, "POST", authorisations, Map.of(), ""), 409, "StatusInvalid", "STATUS_INVALID");
    }

    @Test
    void theStartAndEachStepPassThePsusContextToTheBank() {
        Response created = initiate("psu-embedded", true, Payments.body("1.45"));
        String self = created.jsonPath().getString("_links.self.href");
        String authorisations = created.jsonPath().getString("_links.startAuthorisationWithPsuAuthentication.href");
        String bankPaymentId = new GatewayDb(dataSource).bankPaymentId(Payments.id(self));
        assertNull(atTheBanksSca(bankPaymentId), "none sent yet");

        Response started = Tpps.send(ALPHA, "POST", authorisations, Map.of("PSU-IP-Address", "198.51.100.7",
                "PSU-Device-ID", "99435C7E-AD88-49EC-A2AD-99DDCB1F7721"), "");
        assertEquals(201, started.statusCode(), started.asString());
        assertEquals(Map.of("ipAddress", "198.51.100.7", "deviceId", "99435c7e-ad88-49ec-a2ad-99ddcb1f7721"),
                atTheBanksSca(bankPaymentId));

        String auth = authorisations + "/" + started.jsonPath().getString("authorisationId");
        step(auth, Map.of("PSU-IP-Address", "203.0.113.9", "PSU-Geo-Location", "GEO:48.137154;11.576124"),
                password("sandbox"));
        assertEquals(Map.of("ipAddress", "203.0.113.9", "geoLocation", "GEO:48.137154;11.576124"),
                atTheBanksSca(bankPaymentId));

        // a value off its format stops the step before the bank: the OTP is still to come
        assertError(Tpps.send(ALPHA, "PUT", auth, Map.of("PSU-Device-ID", "device-1"), otp("123456")), 400,
                "FormatError", "FORMAT_ERROR");
        assertEquals("scaMethodSelected", Tpps.get(ALPHA, auth).jsonPath().getString("scaStatus"));
        step(auth, Map.of("PSU-IP-Address", "2001:db8::7"), otp("123456"));
        assertEquals(Map.of("ipAddress", "2001:db8::7"), atTheBanksSca(bankPaymentId));
    }

    @Test
    void aCancellationTellsTheBankThePsusContextAndItsStepsDoToo() {
        String self = authorisedForTomorrow("psu-embedded");
        String bankPaymentId = new GatewayDb(dataSource).bankPaymentId(Payments.id(self));
        assertError(Tpps.send(ALPHA, "DELETE", self, Map.of("TPP-Redirect-Preferred", "false",
                "PSU-Geo-Location", "GEO:91.000000;13.144558"), null), 400, "FormatError", "FORMAT_ERROR");
        assertNull(BankApi.payment(bankPaymentId).jsonPath().get("cancellation"), "nothing reached the bank");

        Response accepted = Tpps.send(ALPHA, "DELETE", self, Map.of("TPP-Redirect-Preferred", "false",
                "PSU-IP-Address", "192.0.2.44", "PSU-User-Agent", "PayFast/7.1 (iOS 18)"), null);
        assertEquals(202, accepted.statusCode(), accepted.asString());
        assertEquals(Map.of("ipAddress", "192.0.2.44", "userAgent", "PayFast/7.1 (iOS 18)"),
                atTheBanksSca(bankPaymentId));
        String auth = accepted.jsonPath().getString("_links.updatePsuAuthentication.href");
        step(auth, Map.of("PSU-IP-Address", "192.0.2.45"), password("sandbox"));
        assertEquals(Map.of("ipAddress", "192.0.2.45"), atTheBanksSca(bankPaymentId));
    }

    @Test
    void embeddedCancellationCancelsAndAFailedOneLeavesThePayment() {
        String self = authorisedForTomorrow("psu-embedded");
        Response accepted = cancel(self);
        assertEquals(202, accepted.statusCode(), accepted.asString());
        assertEquals("EMBEDDED", accepted.header("ASPSP-SCA-Approach"));
        String auth = accepted.jsonPath().getString("_links.updatePsuAuthentication.href");
        assertTrue(auth.contains("/cancellation-authorisations/"), auth);
        assertEquals(accepted.jsonPath().getString("_links.scaStatus.href"), auth);
        assertError(put(auth, null, otp("123456")), 409, "StatusInvalid", "STATUS_INVALID");
        assertEquals("scaMethodSelected", put(auth, null, password("sandbox")).jsonPath().getString("scaStatus"));
        Response finalised = put(auth, null, otp("123456"));
        assertEquals(200, finalised.statusCode(), finalised.asString());
        assertEquals("finalised", finalised.jsonPath().getString("scaStatus"));
        assertEquals("CANC", status(self));

        // three wrong codes: the cancellation fails, the payment stays as it was
        String kept = authorisedForTomorrow("psu-embedded");
        String keptAuth = cancel(kept).jsonPath().getString("_links.updatePsuAuthentication.href");
        put(keptAuth, null, password("sandbox")).then().statusCode(200);
        assertError(put(keptAuth, null, otp(WRONG_OTP)), 400, "ScaInvalid", "SCA_INVALID");
        assertError(put(keptAuth, null, otp(WRONG_OTP)), 400, "ScaInvalid", "SCA_INVALID");
        Response third = put(keptAuth, null, otp(WRONG_OTP));
        assertError(third, 400, "ScaInvalid", "SCA_INVALID");
        assertTrue(third.jsonPath().getString("tppMessages[0].text").endsWith(
                "the cancellation failed, and the payment stays as it was"), third.asString());
        assertEquals("failed", Tpps.get(ALPHA, keptAuth).jsonPath().getString("scaStatus"));
        assertEquals("ACSP", status(kept));
        // nothing to authorise any more: a new DELETE starts a new cancellation
        Response restart = Tpps.send(ALPHA, "POST", kept + "/cancellation-authorisations", Map.of(), null);
        assertError(restart, 409, "StatusInvalid", "STATUS_INVALID");
        assertTrue(restart.jsonPath().getString("tppMessages[0].text").endsWith("a DELETE starts one"),
                restart.asString());
    }

    /** The DELETE's PSU-ID names the cancellation's PSU: its password step needs none again, as a creation's. */
    @Test
    void theCancellationsPsuIsTheOneItsDeleteNamed() {
        String body = Payments.body("4.50").replaceFirst("\\{",
                "{\"requestedExecutionDate\": \"" + BankDates.today("sandbox").plusDays(1) + "\", ");
        Map<String, String> redirect = headers("TPP-Redirect-Preferred", "true");
        Response created = Payments.initiate(ALPHA, "sandbox", SCT, redirect, body); // no PSU-ID
        String self = created.jsonPath().getString("_links.self.href");
        Sca.approve(created.jsonPath().getString("_links.scaRedirect.href"), "psu-embedded");
        Await.until(() -> status(self), "ACSP"::equals, "the payment's authorisation");

        Response accepted = Tpps.send(ALPHA, "DELETE", self, Map.of("TPP-Redirect-Preferred", "false",
                "PSU-ID", "psu-embedded"), null);
        assertEquals("EMBEDDED", accepted.header("ASPSP-SCA-Approach"), accepted.asString());
        String auth = accepted.jsonPath().getString("_links.updatePsuAuthentication.href");
        assertEquals("scaMethodSelected", put(auth, null, password("sandbox")).jsonPath().getString("scaStatus"));
        assertEquals("finalised", put(auth, null, otp("123456")).jsonPath().getString("scaStatus"));
        assertEquals("CANC", status(self));
    }

    @Test
    void decoupledCancellationIsApprovedInTheApp() {
        String self = authorisedForTomorrow("psu-decoupled");
        Response accepted = cancel(self);
        assertEquals(202, accepted.statusCode(), accepted.asString());
        assertEquals("DECOUPLED", accepted.header("ASPSP-SCA-Approach"));
        assertNull(accepted.jsonPath().get("_links.updatePsuAuthentication"));
        String auth = accepted.jsonPath().getString("_links.scaStatus.href");
        Await.until(() -> Tpps.get(ALPHA, auth).jsonPath().getString("scaStatus"), "finalised"::equals,
                "the app's approval of the cancellation");
        assertEquals("CANC", status(self));
    }

    /** A payment the PSU authorised (embedded or decoupled) to be executed tomorrow: it stays ACSP until then. */
    private static String authorisedForTomorrow(String psu) {
        String body = Payments.body("4.00").replaceFirst("\\{",
                "{\"requestedExecutionDate\": \"" + BankDates.today("sandbox").plusDays(1) + "\", ");
        Response created = initiate(psu, false, body);
        String self = created.jsonPath().getString("_links.self.href");
        String update = created.jsonPath().getString("_links.updatePsuAuthentication.href");
        if (update != null) {
            put(update, null, password("sandbox")).then().statusCode(200);
            put(update, null, otp("123456")).then().statusCode(200);
        }
        Await.until(() -> status(self), "ACSP"::equals, "the payment's authorisation");
        return self;
    }

    private static Response initiate(String psu, boolean explicit, String body) {
        Map<String, String> headers = headers("TPP-Redirect-URI", null);
        headers.remove("TPP-Nok-Redirect-URI");
        headers.put("TPP-Redirect-Preferred", "false");
        headers.put("PSU-ID", psu);
        if (explicit) {
            headers.put("TPP-Explicit-Authorisation-Preferred", "true");
        }
        return Payments.initiate(ALPHA, "sandbox", SCT, headers, body);
    }

    /** A step with these headers, which the gateway takes (200). */
    private static void step(String path, Map<String, String> headers, String body) {
        Response step = Tpps.send(ALPHA, "PUT", path, headers, body);
        assertEquals(200, step.statusCode(), step.asString());
    }

    /** What the bank was told of the PSU with the newest step of the payment's SCA (or its cancellation's). */
    private static Map<String, Object> atTheBanksSca(String bankPaymentId) {
        return BankApi.payment(bankPaymentId).jsonPath().getMap("scaPsuContext");
    }

    private static Response cancel(String self) {
        return Tpps.send(ALPHA, "DELETE", self, Map.of("TPP-Redirect-Preferred", "false"), null);
    }

    private static Response put(String path, String psuId, String body) {
        return Tpps.send(ALPHA, "PUT", path, psuId == null ? Map.of() : Map.of("PSU-ID", psuId), body);
    }

    private static String password(String password) {
        return "{\"psuData\":{\"password\":\"" + password + "\"}}";
    }

    private static String otp(String otp) {
        return "{\"scaAuthenticationData\":\"" + otp + "\"}";
    }

    private static String digestOf(String body) throws Exception {
        return java.util.Base64.getEncoder().encodeToString(java.security.MessageDigest.getInstance("SHA-256")
                .digest(body.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    private static void assertError(Response response, int status, String text, String code) {
        assertEquals(status, response.statusCode(), response.asString());
        assertEquals(text, response.jsonPath().getString("error_text"), response.asString());
        assertEquals(code, response.jsonPath().getString("tppMessages[0].code"), response.asString());
    }
}
