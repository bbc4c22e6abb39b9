package eu.xs2a.sandbox;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The PSU pages' protections over plain HTTP: the CSRF token of every form, Secure cookies and HSTS behind TLS, and
 * the lock of a PSU's login after five wrong passwords (the browser's view of the same: {@link PsuPagesBrowserTest}).
 */
@QuarkusTest
class PsuPageProtectionTest {

    private static final String LOCKED_PSU = "psu-poor";

    @Inject AgroalDataSource dataSource;

    @AfterEach
    void unlock() throws Exception {
        sql("update psu set failed_logins = 0, locked_until = null where id = '" + LOCKED_PSU + "'");
    }

    // --- CSRF -------------------------------------------------------------------------------------------------

    @Test
    void everyPageWithAFormHandsOutTheSessionsTokenInTheCookieAndTheForm() {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        Response login = given().get(path(created)).then().statusCode(200).extract().response();
        String token = Forms.tokenOf(login);
        assertTrue(token.length() >= 43, "256 random bits");
        assertTrue(login.getHeader("Set-Cookie").contains("HttpOnly"), login.getHeader("Set-Cookie"));
        assertTrue(login.getHeader("Set-Cookie").contains("SameSite=Lax"), login.getHeader("Set-Cookie"));

        // the same browser keeps its token; another browser gets another
        Response again = given().cookie(Forms.COOKIE, token).get("/online-banking").then().statusCode(200).extract().response();
        assertEquals(token, Forms.fieldOf(again.asString()));
        assertTrue(!token.equals(Forms.tokenOf(given().get("/online-banking").then().extract().response())));

        // the decision and code pages and the logged-in online banking carry it too
        PsuBrowser browser = PsuBrowser.open(created.path("scaUrl"));
        browser.login("psu1", "sandbox").then().statusCode(303);
        assertEquals(browser.csrf, Forms.fieldOf(withCsrf(browser).cookie("SANDBOX_SCA", browser.cookie)
                .get(path(created) + "/decision").then().statusCode(200).extract().asString()));
        browser.decide("approve").then().statusCode(303);
        assertEquals(browser.csrf, Forms.fieldOf(withCsrf(browser).cookie("SANDBOX_SCA", browser.cookie)
                .get(path(created) + "/otp").then().statusCode(200).extract().asString()));
        String session = Forms.given().formParam("username", "psu1").formParam("password", "sandbox")
                .post("/online-banking/login").then().statusCode(303).extract().cookie("SANDBOX_OB");
        String home = given().cookie("SANDBOX_OB", session).get("/online-banking").then().statusCode(200).extract().asString();
        assertNotNull(Forms.fieldOf(home), "the logout and revoke forms");
    }

    @Test
    void aLoginWithoutTheRightTokenIsAnHtmlPageAndNothingHappens() throws Exception {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        String token = Forms.tokenOf(given().get(path(created)).then().extract().response());
        for (Function<RequestSpecification, RequestSpecification> forged : List.<Function<RequestSpecification, RequestSpecification>>of(
                r -> r,                                                              // no token at all
                r -> r.formParam("csrf", token),                                     // the field, no cookie
                r -> r.cookie(Forms.COOKIE, token),                                  // the cookie, no field
                r -> r.cookie(Forms.COOKIE, token).formParam("csrf", token.substring(1) + "A"),   // a wrong field
                r -> r.cookie(Forms.COOKIE, "").formParam("csrf", ""))) {           // empty both
            ValidatableResponse refused = forged.apply(given().redirects().follow(false))
                    .formParam("username", "psu1").formParam("password", "sandbox").post(path(created) + "/login").then();
            expired(refused);
            refused.header("Set-Cookie", not(containsString("SANDBOX_SCA")));
            Response online = forged.apply(given().redirects().follow(false))
                    .formParam("username", LOCKED_PSU).formParam("password", "wrong").post("/online-banking/login");
            expired(online.then());
            assertNull(online.getCookie("SANDBOX_OB"));
        }
        Bank.api().get("/bank/v1/consents/" + created.path("bankConsentId")).then().body("scaStatus", equalTo("received"));
        assertEquals(0, failedLogins(), "a refused form is no login attempt");
        // the same browser with its token goes on
        given().redirects().follow(false).cookie(Forms.COOKIE, token).formParam("csrf", token)
                .formParam("username", "psu1").formParam("password", "sandbox").post(path(created) + "/login")
                .then().statusCode(303);
    }

    @Test
    void theDecisionCodeRevokeAndLogoutFormsNeedTheTokenToo() {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        PsuBrowser browser = PsuBrowser.open(created.path("scaUrl"));
        browser.login("psu1", "sandbox").then().statusCode(303);
        expired(given().redirects().follow(false).cookie("SANDBOX_SCA", browser.cookie).formParam("decision", "approve")
                .post(path(created) + "/decision").then());
        Bank.api().get("/bank/v1/consents/" + created.path("bankConsentId")).then().body("scaStatus", equalTo("psuIdentified"));
        browser.decide("approve").then().statusCode(303);
        expired(given().redirects().follow(false).cookie("SANDBOX_SCA", browser.cookie).formParam("otp", "123456")
                .post(path(created) + "/otp").then());
        Bank.api().get("/bank/v1/consents/" + created.path("bankConsentId")).then().body("scaStatus", equalTo("started"));
        browser.otp("123456").then().statusCode(303);

        String consent = created.path("bankConsentId");
        String session = Forms.given().formParam("username", "psu1").formParam("password", "sandbox")
                .post("/online-banking/login").then().statusCode(303).extract().cookie("SANDBOX_OB");
        expired(given().redirects().follow(false).cookie("SANDBOX_OB", session).formParam("csrf", "not-this-sessions")
                .post("/online-banking/consents/" + consent + "/revoke").then());
        Bank.api().get("/bank/v1/consents/" + consent).then().body("status", equalTo("valid"));
        expired(given().redirects().follow(false).cookie("SANDBOX_OB", session).contentType("application/x-www-form-urlencoded")
                .post("/online-banking/logout").then());
        given().cookie("SANDBOX_OB", session).get("/online-banking").then().body(containsString("Hello"));
    }

    // --- TLS --------------------------------------------------------------------------------------------------

    @Test
    void behindTlsEveryCookieIsSecureAndTheBrowserIsToldToStayOnHttps() {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        Response page = given().header("X-Forwarded-Proto", "https").get(path(created));
        String token = page.getCookie(Forms.COOKIE);
        assertTrue(page.getHeader("Set-Cookie").matches("(?i).*;\\s*Secure.*"), page.getHeader("Set-Cookie"));
        assertTrue(page.getHeader("Set-Cookie").contains("HttpOnly") && page.getHeader("Set-Cookie").contains("SameSite=Lax"),
                "Secure is added, nothing lost: " + page.getHeader("Set-Cookie"));
        assertEquals("max-age=31536000; includeSubDomains", page.getHeader("Strict-Transport-Security"));
        Response login = given().redirects().follow(false).header("X-Forwarded-Proto", "https")
                .cookie(Forms.COOKIE, token).formParam("csrf", token)
                .formParam("username", "psu1").formParam("password", "sandbox").post(path(created) + "/login");
        assertEquals(303, login.statusCode());
        String sca = login.getHeaders().getValues("Set-Cookie").stream().filter(c -> c.startsWith("SANDBOX_SCA="))
                .findFirst().orElseThrow();
        assertTrue(sca.matches("(?i).*;\\s*Secure.*") && sca.contains("HttpOnly"), sca);
        Response online = given().redirects().follow(false).header("X-Forwarded-Proto", "https")
                .cookie(Forms.COOKIE, token).formParam("csrf", token)
                .formParam("username", "psu1").formParam("password", "sandbox").post("/online-banking/login");
        assertTrue(online.getHeader("Set-Cookie").matches("(?i).*;\\s*Secure.*")
                && online.getHeader("Set-Cookie").contains("HttpOnly"), online.getHeader("Set-Cookie"));
        assertNotNull(online.getHeader("Strict-Transport-Security"));

        // plain HTTP (local runs): no Secure, which a browser would refuse to send back over http, and no HSTS
        Response plain = given().get("/online-banking");
        assertTrue(!plain.getHeader("Set-Cookie").matches("(?i).*;\\s*Secure.*"), plain.getHeader("Set-Cookie"));
        plain.then().header("Strict-Transport-Security", nullValue());
        given().header("X-Forwarded-Proto", "http").get("/online-banking").then()
                .header("Strict-Transport-Security", nullValue());
    }

    // --- lock-out ---------------------------------------------------------------------------------------------

    @Test
    void fiveWrongPasswordsLockTheLoginForTheConfiguredTimeAndThePsuReadsWhy() throws Exception {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        PsuBrowser browser = PsuBrowser.open(created.path("scaUrl"));
        for (int i = 1; i <= 4; i++) {
            browser.login(LOCKED_PSU, "wrong-" + i).then().statusCode(200)
                    .body(containsString("Wrong username or password.")).body(not(containsString("locked")));
        }
        Instant before = Instant.now();
        browser.login(LOCKED_PSU, "wrong-5").then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("Wrong password 5 times in a row: for your security this login is now locked."))
                .body(containsString("It stays locked for 15 minutes after the last wrong password: try again after "));
        Instant until = lockedUntil();
        assertNotNull(until);
        Duration lock = Duration.between(before, until);
        assertTrue(lock.compareTo(Duration.ofMinutes(15)) >= 0 && lock.compareTo(Duration.ofMinutes(16)) < 0,
                "sandbox.login.lock-duration: " + lock);

        // locked: even the right password is refused, on the SCA pages and in online banking, and it says why
        browser.login(LOCKED_PSU, "sandbox").then().statusCode(200)
                .body(containsString("This login is locked after too many wrong passwords."))
                .header("Set-Cookie", not(containsString("SANDBOX_SCA")));
        Forms.given().formParam("username", LOCKED_PSU).formParam("password", "sandbox").post("/online-banking/login")
                .then().statusCode(200).body(containsString("This login is locked")).header("Set-Cookie", not(containsString("SANDBOX_OB")));
        Bank.api().get("/bank/v1/consents/" + created.path("bankConsentId")).then().body("scaStatus", equalTo("received"));
        assertEquals(until, lockedUntil(), "attempts while locked do not extend the lock");

        // once the lock's time has passed (moved into the past here, instead of waiting 15 minutes) the PSU gets in
        sql("update psu set locked_until = now() - interval '1 second' where id = '" + LOCKED_PSU + "'");
        browser.login(LOCKED_PSU, "sandbox").then().statusCode(303);
        assertEquals(0, failedLogins());
        assertNull(lockedUntil());
    }

    @Test
    void onlyWrongPasswordsInARowCountAndAnUnknownUserLocksNobody() throws Exception {
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 4; i++) {
                Forms.given().formParam("username", LOCKED_PSU).formParam("password", "wrong").post("/online-banking/login")
                        .then().statusCode(200).body(containsString("Wrong username or password."));
            }
            assertEquals(4, failedLogins());
            Forms.given().formParam("username", LOCKED_PSU).formParam("password", "sandbox").post("/online-banking/login")
                    .then().statusCode(303);
            assertEquals(0, failedLogins(), "a good password starts the count again");
        }
        for (int i = 0; i < 6; i++) {
            Forms.given().formParam("username", "nobody-" + i % 2).formParam("password", "wrong").post("/online-banking/login")
                    .then().statusCode(200).body(containsString("Wrong username or password.")).body(not(containsString("locked")));
        }
        assertNull(lockedUntil());
    }

    // --- helpers ----------------------------------------------------------------------------------------------

    private static void expired(ValidatableResponse refused) {
        refused.statusCode(403).contentType(containsString("text/html")).header("Cache-Control", equalTo("no-store"))
                .body(containsString("This page has expired"))
                .body(containsString("Go back, reload the page and try again."));
    }

    private static RequestSpecification withCsrf(PsuBrowser browser) {
        return given().redirects().follow(false).cookie(Forms.COOKIE, browser.csrf);
    }

    private static String path(Response created) {
        return URI.create(created.<String>path("scaUrl")).getPath();
    }

    private int failedLogins() throws Exception {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("select failed_logins from psu where id = ?")) {
            s.setString(1, LOCKED_PSU);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }

    private Instant lockedUntil() throws Exception {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("select locked_until from psu where id = ?")) {
            s.setString(1, LOCKED_PSU);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                Timestamp t = r.getTimestamp(1);
                return t == null ? null : t.toInstant();
            }
        }
    }

    private void sql(String statement) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(statement)) {
            s.executeUpdate();
        }
    }
}
