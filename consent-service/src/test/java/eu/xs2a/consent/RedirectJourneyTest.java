package eu.xs2a.consent;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Lookup;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.SandboxBank;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.TestClock;
import eu.xs2a.consent.support.Tpps;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * The whole redirect SCA journey against the real aspsp-sandbox: TPP creates the consent, the PSU's browser
 * follows the gateway's one-time link to the bank, logs in, decides, enters the OTP, comes back through the
 * gateway's callback (which asks the bank for the outcome) and lands on the TPP's ok or nok URI.
 */
@QuarkusTest
class RedirectJourneyTest extends ConsentTestBase {

    @Inject TestClock clock;

    @ConfigProperty(name = "psd2.providers.sandbox.bank-url")
    String bankUrl;

    @Test
    void approveMakesTheConsentValidAndSendsTheBrowserToTheTpp() {
        Response created = createAis(Tpps.ALPHA);
        String id = created.jsonPath().getString("consentId");
        String scaRedirect = created.jsonPath().getString("_links.scaRedirect.href");
        String scaStatus = created.jsonPath().getString("_links.scaStatus.href");

        Psu psu = new Psu("psu1").openScaRedirect(scaRedirect);
        // the link works once
        assertError(given().redirects().follow(false).accept("application/json").get(Psu.gatewayPath(scaRedirect)), 404, "ResourceUnknown",
                "RESOURCE_UNKNOWN");

        psu.logIn();
        assertEquals("psuIdentified", Signed.get(Tpps.ALPHA, scaStatus).jsonPath().getString("scaStatus"),
                "a non-final authorisation shows the bank's current step");
        String otpPage = psu.decide("approve");
        assertTrue(otpPage.endsWith("/otp"), otpPage);
        assertEquals("started", Signed.get(Tpps.ALPHA, scaStatus).jsonPath().getString("scaStatus"));
        assertEquals("received", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/status").jsonPath().getString("consentStatus"));

        Response done = psu.otp("123456");
        assertEquals(303, done.statusCode(), done.asString());
        Response back = Psu.returnToGateway(done.header("Location"));
        assertEquals(302, back.statusCode(), back.asString());
        assertEquals(Signed.TPP_OK, back.header("Location"));

        assertEquals("valid", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/status").jsonPath().getString("consentStatus"));
        assertEquals("finalised", Signed.get(Tpps.ALPHA, scaStatus).jsonPath().getString("scaStatus"));
        assertEquals("valid", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id).jsonPath().getString("consentStatus"));
    }

    /**
     * A bank-offered consent: empty lists at creation, the PSU's choice at the bank, and afterwards the consent's read
     * and the consent lookup name exactly the granted accounts.
     */
    @Test
    void aBankOfferedConsentCoversWhatThePsuGrantedAtTheBank() {
        Response created = createAis(Tpps.ALPHA, "{\"access\":{\"accounts\":[],\"balances\":[],\"transactions\":[]},"
                + "\"recurringIndicator\":true,\"frequencyPerDay\":4}");
        String id = created.jsonPath().getString("consentId");
        Response before = Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id);
        assertEquals("received", before.jsonPath().getString("consentStatus"));
        assertEquals(List.of(), before.jsonPath().getList("access.accounts"), before.asString());
        assertEquals(List.of(), before.jsonPath().getList("access.balances"));

        Psu psu = new Psu("psu1").openScaRedirect(created.jsonPath().getString("_links.scaRedirect.href"));
        psu.logIn();
        String otpPage = psu.choose("psu1-main:balances", "psu1-savings:accounts");
        assertTrue(otpPage.endsWith("/otp"), otpPage);
        Response done = psu.otp("123456");
        assertEquals(303, done.statusCode(), done.asString());
        assertEquals(Signed.TPP_OK, Psu.returnToGateway(done.header("Location")).header("Location"));

        Response after = Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id);
        assertEquals("valid", after.jsonPath().getString("consentStatus"), after.asString());
        assertEquals(List.of(Psu.PSU1_MAIN, Psu.PSU1_SAVINGS), after.jsonPath().getList("access.accounts.iban"));
        assertEquals(List.of(Psu.PSU1_MAIN), after.jsonPath().getList("access.balances.iban"));
        assertNull(after.jsonPath().get("access.transactions"), after.asString());

        assertEquals(200, Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "balances", Psu.PSU1_MAIN, true))
                .statusCode());
        assertError(Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "balances", Psu.PSU1_SAVINGS, true)),
                401, "ConsentInvalid", "CONSENT_INVALID");
        assertError(Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "transactions", Psu.PSU1_MAIN, true)),
                401, "ConsentInvalid", "CONSENT_INVALID");
        assertEquals(200, Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "account", Psu.PSU1_SAVINGS, true))
                .statusCode());
    }

    @Test
    void aHeadOnTheLinkChecksItWithoutUsingIt() {
        Response created = createAis(Tpps.ALPHA);
        String scaRedirect = created.jsonPath().getString("_links.scaRedirect.href");
        String scaStatus = created.jsonPath().getString("_links.scaStatus.href");

        // a mail client's link checker: twice, before the PSU clicks
        for (int i = 0; i < 2; i++) {
            Response head = given().redirects().follow(false).head(Psu.gatewayPath(scaRedirect));
            assertEquals(200, head.statusCode());
            assertEquals("no-store", head.header("Cache-Control"));
        }
        assertEquals("received", Signed.get(Tpps.ALPHA, scaStatus).jsonPath().getString("scaStatus"));
        String wrongToken = scaRedirect.substring(0, scaRedirect.lastIndexOf('/') + 1) + "not-the-token";
        assertEquals(404, given().redirects().follow(false).head(Psu.gatewayPath(wrongToken)).statusCode());

        new Psu("psu1").openScaRedirect(scaRedirect); // still the PSU's one use
        assertEquals(404, given().redirects().follow(false).head(Psu.gatewayPath(scaRedirect)).statusCode(),
                "a used link is reported as such");
    }

    @Test
    void denyRejectsTheConsentAndSendsTheBrowserToTheNokUri() {
        Response created = createAis(Tpps.ALPHA);
        String id = created.jsonPath().getString("consentId");
        Psu psu = new Psu("psu1").openScaRedirect(created.jsonPath().getString("_links.scaRedirect.href")).logIn();
        Response back = Psu.returnToGateway(psu.decide("deny"));
        assertEquals(302, back.statusCode(), back.asString());
        assertEquals(Signed.TPP_NOK, back.header("Location"));
        assertEquals("rejected", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/status").jsonPath().getString("consentStatus"));
        assertEquals("failed", Signed.get(Tpps.ALPHA, created.jsonPath().getString("_links.scaStatus.href"))
                .jsonPath().getString("scaStatus"));
    }

    @Test
    void threeWrongOtpsFailTheScaAndTheNokUriFallsBackToTheRedirectUri() {
        Map<String, String> headers = new LinkedHashMap<>(Signed.redirectHeaders());
        headers.remove("TPP-Nok-Redirect-URI");
        Response created = Signed.post(Tpps.ALPHA, Signed.AIS, headers, Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals(201, created.statusCode(), created.asString());
        String id = created.jsonPath().getString("consentId");

        Psu psu = new Psu("psu1").openScaRedirect(created.jsonPath().getString("_links.scaRedirect.href")).logIn();
        psu.decide("approve");
        Response first = psu.otp("000000");
        assertEquals(200, first.statusCode(), "a wrong code shows the OTP page again");
        assertEquals(200, psu.otp("111111").statusCode());
        Response third = psu.otp("222222");
        assertEquals(303, third.statusCode(), third.asString());
        Response back = Psu.returnToGateway(third.header("Location"));
        assertEquals(302, back.statusCode());
        assertEquals(Signed.TPP_OK, back.header("Location"), "no nok URI: the redirect URI is used");
        assertEquals("rejected", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/status").jsonPath().getString("consentStatus"));
        assertEquals("failed", Signed.get(Tpps.ALPHA, created.jsonPath().getString("_links.scaStatus.href"))
                .jsonPath().getString("scaStatus"));
    }

    @Test
    void aConsentRevokedAtTheBankShowsRevokedByPsu() {
        Response created = createAis(Tpps.ALPHA);
        String id = created.jsonPath().getString("consentId");
        assertEquals(302, Psu.approve(created.jsonPath().getString("_links.scaRedirect.href")).statusCode());
        String bankConsentId = Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "accounts", null, true))
                .jsonPath().getString("aspspConsentId");

        String bank = bankUrl + "/";
        String csrf = Psu.csrfOf(given().get(bank + "online-banking"));
        Response login = Psu.form(csrf).formParam("username", "psu1").formParam("password", "sandbox")
                .post(bank + "online-banking/login");
        assertEquals(303, login.statusCode(), login.asString());
        Response revoke = Psu.form(csrf).cookie("SANDBOX_OB", login.cookie("SANDBOX_OB"))
                .post(bank + "online-banking/consents/" + bankConsentId + "/revoke");
        assertEquals(303, revoke.statusCode(), revoke.asString());

        assertEquals("revokedByPsu", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/status").jsonPath().getString("consentStatus"));
        assertError(Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "accounts", null, false)), 401,
                "ConsentInvalid", "CONSENT_INVALID");
        // final: a DELETE still terminates it (the one transition out of a final status)
        assertEquals(204, Signed.delete(Tpps.ALPHA, Signed.AIS + "/" + id).statusCode());
        assertEquals("terminatedByTpp", Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/status").jsonPath().getString("consentStatus"));
    }

    @Test
    void theFundsConsentJourneyWorksTheSameWay() {
        Response created = Signed.post(Tpps.ALPHA, Signed.FUNDS, Signed.redirectHeaders(),
                "{\"account\":{\"iban\":\"" + Psu.PSU1_MAIN + "\"}}");
        assertEquals(201, created.statusCode(), created.asString());
        Response back = Psu.approve(created.jsonPath().getString("_links.scaRedirect.href"));
        assertEquals(Signed.TPP_OK, back.header("Location"));
        String id = created.jsonPath().getString("consentId");
        assertEquals("valid", Signed.get(Tpps.ALPHA, Signed.FUNDS + "/" + id + "/status").jsonPath().getString("consentStatus"));
    }

    @Test
    void withoutRedirectUriTheBrowserGetsAShortPage() {
        Map<String, String> headers = Map.of("TPP-Redirect-Preferred", "false");
        // faraway offers redirect only, so TPP-Redirect-Preferred false still gets a redirect there
        Response created = Signed.post(Tpps.ALPHA, Signed.ais(SandboxBank.FAR_AWAY), headers,
                Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals("REDIRECT", created.header("ASPSP-SCA-Approach"));
        Psu psu = new Psu("psu1").openScaRedirect(created.jsonPath().getString("_links.scaRedirect.href")).logIn();
        Response back = Psu.returnToGateway(psu.decide("deny"));
        assertEquals(200, back.statusCode());
        assertTrue(back.asString().contains("close this window"));
    }

    @Test
    void theLinkOfATerminatedConsentLeadsNowhere() {
        String scaRedirect = linkOfADeletedConsent();
        assertEquals(404, given().redirects().follow(false).head(Psu.gatewayPath(scaRedirect)).statusCode());
        assertError(given().redirects().follow(false).accept("application/json").get(Psu.gatewayPath(scaRedirect)), 404, "ResourceUnknown",
                "RESOURCE_UNKNOWN");
    }

    @Test
    void anExpiredLinkOrAForgedCallbackIsRefused() {
        Response created = createAis(Tpps.ALPHA);
        String scaRedirect = created.jsonPath().getString("_links.scaRedirect.href");
        clock.advance(Duration.ofMinutes(11));
        try {
            assertError(given().redirects().follow(false).accept("application/json").get(Psu.gatewayPath(scaRedirect)), 404, "ResourceUnknown",
                    "RESOURCE_UNKNOWN");
        } finally {
            clock.reset();
        }
        String tampered = Psu.gatewayPath(scaRedirect);
        tampered = tampered.substring(0, tampered.lastIndexOf('/') + 1) + "forged-token";
        assertError(given().redirects().follow(false).accept("application/json").get(tampered), 404, "ResourceUnknown", "RESOURCE_UNKNOWN");

        String callback = Psu.gatewayPath(created.jsonPath().getString("_links.scaStatus.href")) + "/sca-callback/forged";
        assertError(given().redirects().follow(false).accept("application/json").get(callback), 404, "ResourceUnknown", "RESOURCE_UNKNOWN");
        assertEquals("received", Signed.get(Tpps.ALPHA, created.jsonPath().getString("_links.status.href"))
                .jsonPath().getString("consentStatus"));
    }
}
