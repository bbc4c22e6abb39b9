package eu.xs2a.sandbox;

import static eu.xs2a.sandbox.Bank.api;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.testsupport.Browser;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.net.URI;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The PSU's login for a gateway's OAuth authorize step (BANK-API.md "OAuth logins"): made through the bank API, decided
 * once on its page ("Log in and allow" with a good password, or "Deny"), its outcome read back; in plain HTTP for
 * every refusal and in a real headless Chromium for what the PSU sees.
 */
@QuarkusTest
class OAuthLoginTest {

    /** A return URL the browser can really load: this bank's own liveness page, tagged to be recognised. */
    private static String returnUrl() {
        return "http://localhost:" + RestAssured.port + "/q/health/live?return=" + UUID.randomUUID();
    }

    private static Response create(String returnUrl) {
        return api().contentType("application/json")
                .body(Map.of("tppName", "Alpha TPP", "scope", "accounts", "returnUrl", returnUrl))
                .post("/bank/v1/oauth-logins");
    }

    private static Response status(Response created) {
        return api().get("/bank/v1/oauth-logins/" + created.path("loginId"));
    }

    /** A form post of the login page with this browser's CSRF token (cookie and field). */
    private static Response post(String path, String csrf, Map<String, String> fields) {
        return given().redirects().follow(false).cookie(Forms.COOKIE, csrf).formParam("csrf", csrf)
                .formParams(fields).post(path);
    }

    @Test
    void thePsuLogsInAndAllowsAndTheGatewayReadsWho() {
        String returnUrl = returnUrl();
        Response created = create(returnUrl);
        created.then().statusCode(201).body("loginUrl", containsString("/oauth-login/"));
        status(created).then().statusCode(200).body("status", equalTo("received")).body("psuId", nullValue());
        String page = URI.create(created.path("loginUrl")).getPath();
        Response form = given().get(page);
        form.then().statusCode(200).header("Cache-Control", "no-store").header("X-Frame-Options", "DENY")
                .body(containsString("Alpha TPP")).body(containsString("accounts"));
        String csrf = Forms.tokenOf(form);

        // a wrong password: the page again, saying so, the login still open
        post(page, csrf, Map.of("username", "psu1", "password", "wrong", "decision", "allow")).then()
                .statusCode(200).body(containsString("Wrong username or password"));
        status(created).then().body("status", equalTo("received"));

        post(page, csrf, Map.of("username", "psu1", "password", "sandbox", "decision", "allow")).then()
                .statusCode(303).header("Location", equalTo(returnUrl));
        status(created).then().body("status", equalTo("approved")).body("psuId", equalTo("psu1"));

        // the link works once
        given().get(page).then().statusCode(404).contentType(startsWith("text/html"))
                .body(containsString("no longer valid"));
        post(page, csrf, Map.of("username", "psu1", "password", "sandbox", "decision", "allow")).then()
                .statusCode(404);
    }

    @Test
    void denyingNeedsNoPasswordAndTellsTheGatewayDenied() {
        String returnUrl = returnUrl();
        Response created = create(returnUrl);
        String page = URI.create(created.path("loginUrl")).getPath();
        String csrf = Forms.tokenOf(given().get(page));
        post(page, csrf, Map.of("decision", "deny")).then().statusCode(303).header("Location", equalTo(returnUrl));
        status(created).then().body("status", equalTo("denied")).body("psuId", nullValue());
    }

    @Test
    void aFormWithoutTheBrowsersTokenDecidesNothing() {
        Response created = create(returnUrl());
        String page = URI.create(created.path("loginUrl")).getPath();
        Forms.tokenOf(given().get(page));
        given().redirects().follow(false).formParam("csrf", "forged").formParam("decision", "deny").post(page)
                .then().statusCode(403);
        status(created).then().body("status", equalTo("received"));
    }

    @Test
    void theBankApiWantsTheServiceCredentialAndSaneInput() {
        given().contentType("application/json")
                .body(Map.of("tppName", "Alpha TPP", "scope", "accounts", "returnUrl", returnUrl()))
                .post("/bank/v1/oauth-logins").then().statusCode(401);
        api().contentType("application/json").body(Map.of("tppName", "Alpha TPP", "scope", "accounts",
                "returnUrl", "javascript:alert(1)")).post("/bank/v1/oauth-logins").then().statusCode(400)
                .body("code", equalTo("FORMAT_ERROR"));
        api().get("/bank/v1/oauth-logins/" + UUID.randomUUID()).then().statusCode(404)
                .body("code", equalTo("LOGIN_UNKNOWN"));
        api().get("/bank/v1/oauth-logins/not-a-uuid").then().statusCode(404);
    }

    @Test
    void inABrowserThePsuSeesWhoAsksAndComesBackAfterAllowing() throws Exception {
        Browser browser = Browser.shared();
        browser.forgetCookies();
        String returnUrl = returnUrl();
        Response created = create(returnUrl);
        browser.open(created.path("loginUrl"));
        assertTrue(browser.text().contains("Alpha TPP") && browser.text().contains("accounts"), browser.text());
        browser.type("username", "psu1");
        browser.type("password", "sandbox");
        browser.click("Log in and allow");
        browser.waitForUrlStartingWith(returnUrl);
        status(created).then().body("status", equalTo("approved")).body("psuId", equalTo("psu1"));
    }

    /** A login naming a consent of the bank by the gateway's key (the OAuth SCA approach), asked by {@code tppId}. */
    private static Response createFor(String tppId, String scope, String returnUrl) {
        return api().contentType("application/json").body(Map.of("tppId", tppId, "tppName", "Alpha TPP",
                "scope", scope, "returnUrl", returnUrl)).post("/bank/v1/oauth-logins");
    }

    private static void allowAs(Response created, String psu) {
        String page = URI.create(created.path("loginUrl")).getPath();
        String csrf = Forms.tokenOf(given().get(page));
        post(page, csrf, Map.of("username", psu, "password", "sandbox", "decision", "allow")).then().statusCode(303);
    }

    private static String consentStatus(String bankConsentId) {
        return api().get("/bank/v1/consents/" + bankConsentId).path("status");
    }

    @Test
    void anAllowedLoginNamingAConsentAuthorisesItOnlyWhenRedeemed() {
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = new java.util.HashMap<>(Bank.aisConsent(Bank.allPsd2(), null));
        body.put("idempotencyKey", key);
        String bankConsentId = Bank.registerConsent(body).path("bankConsentId");
        String tppId = (String) body.get("tppId");

        Response created = createFor(tppId, "AIS:" + key, returnUrl());
        api().post("/bank/v1/oauth-logins/" + created.path("loginId") + "/redemption").then().statusCode(409)
                .body("code", equalTo("STATUS_INVALID"));
        allowAs(created, "psu1");
        status(created).then().body("status", equalTo("approved")).body("psuId", equalTo("psu1"));
        org.junit.jupiter.api.Assertions.assertEquals("received", consentStatus(bankConsentId));

        api().post("/bank/v1/oauth-logins/" + created.path("loginId") + "/redemption").then().statusCode(200)
                .body("status", equalTo("redeemed")).body("psuId", equalTo("psu1"));
        org.junit.jupiter.api.Assertions.assertEquals("valid", consentStatus(bankConsentId));
        // again: the same answer, nothing changed
        api().post("/bank/v1/oauth-logins/" + created.path("loginId") + "/redemption").then().statusCode(200)
                .body("status", equalTo("redeemed"));
        // the consent no longer awaits SCA: a new login naming it ends denied
        Response late = createFor(tppId, "AIS:" + key, returnUrl());
        allowAs(late, "psu1");
        status(late).then().body("status", equalTo("denied"));
    }

    @Test
    void aLoginNamingAnotherTppsConsentOrNoneIsDeniedAndNeverRedeemed() {
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = new java.util.HashMap<>(Bank.aisConsent(Bank.allPsd2(), null));
        body.put("idempotencyKey", key);
        String bankConsentId = Bank.registerConsent(body).path("bankConsentId");

        Response other = createFor("PSDDE-BAFIN-999999", "AIS:" + key, returnUrl());
        allowAs(other, "psu1");
        status(other).then().body("status", equalTo("denied"));
        Response unknown = createFor((String) body.get("tppId"), "AIS:" + UUID.randomUUID(), returnUrl());
        allowAs(unknown, "psu1");
        status(unknown).then().body("status", equalTo("denied"));
        org.junit.jupiter.api.Assertions.assertEquals("received", consentStatus(bankConsentId));

        // a plain login (no consent named) is not redeemed
        Response plain = create(returnUrl());
        allowAs(plain, "psu1");
        api().post("/bank/v1/oauth-logins/" + plain.path("loginId") + "/redemption").then().statusCode(409);
        api().post("/bank/v1/oauth-logins/" + UUID.randomUUID() + "/redemption").then().statusCode(404)
                .body("code", equalTo("LOGIN_UNKNOWN"));
    }
}
