package eu.xs2a.sandbox;

import static eu.xs2a.sandbox.Bank.api;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** The one-time SCA links over plain HTTP: expiry, reuse, the cookie binding, steps out of order, wrong codes. */
@QuarkusTest
class ScaLinkTest {

    @Inject AgroalDataSource dataSource;

    private static String token(String scaUrl) {
        String path = URI.create(scaUrl).getPath();
        return path.substring(path.lastIndexOf('/') + 1);
    }

    @Test
    void anUnknownLinkIsAClearPage() {
        given().get("/sca/no-such-token").then().statusCode(404).contentType(containsString("text/html"))
                .body(containsString("This link is not valid")).body(not(containsString("Exception")));
    }

    @Test
    void pagesEscapeWhatTheTppSentAndCannotBeFramedOrCached() {
        java.util.Map<String, Object> body = Bank.aisConsent(Bank.allPsd2(), null);
        body.put("tppName", "<script>alert(1)</script> TPP");
        Response created = Bank.registerConsent(body);
        given().get(URI.create(created.path("scaUrl")).getPath()).then().statusCode(200)
                .body(containsString("&lt;script&gt;alert(1)&lt;/script&gt; TPP")).body(not(containsString("<script>")))
                .header("X-Frame-Options", equalTo("DENY")).header("Cache-Control", equalTo("no-store"))
                .header("Content-Security-Policy", containsString("frame-ancestors 'none'"));
    }

    @Test
    void onlineBankingNeedsALoginAndRevokesOnlyThePsusOwnValidConsents() {
        String consent = Bank.validConsent(Bank.allPsd2(), "psu1");
        given().get("/online-banking").then().statusCode(200).body(containsString("Log in to online banking"));
        Forms.given().formParam("username", "psu1").formParam("password", "nope").post("/online-banking/login").then().statusCode(200)
                .body(containsString("Wrong username or password"));
        Forms.given().post("/online-banking/consents/" + consent + "/revoke").then().statusCode(303);
        api().get("/bank/v1/consents/" + consent).then().body("status", equalTo("valid"));

        String poor = Forms.given().formParam("username", "psu-poor").formParam("password", "sandbox")
                .post("/online-banking/login").then().statusCode(303).extract().cookie("SANDBOX_OB");
        given().cookie("SANDBOX_OB", poor).get("/online-banking").then().statusCode(200).body(not(containsString(consent)));
        Forms.given().cookie("SANDBOX_OB", poor).post("/online-banking/consents/" + consent + "/revoke")
                .then().statusCode(404).body(containsString("cannot be revoked"));
        api().get("/bank/v1/consents/" + consent).then().body("status", equalTo("valid"));

        String psu1 = Forms.given().formParam("username", "psu1").formParam("password", "sandbox")
                .post("/online-banking/login").then().statusCode(303).extract().cookie("SANDBOX_OB");
        given().cookie("SANDBOX_OB", psu1).get("/online-banking").then().statusCode(200).body(containsString(consent));
        Forms.given().cookie("SANDBOX_OB", psu1).post("/online-banking/consents/" + consent + "/revoke")
                .then().statusCode(303);
        api().get("/bank/v1/consents/" + consent).then().body("status", equalTo("revokedByPsu"));
        Forms.given().cookie("SANDBOX_OB", psu1).post("/online-banking/consents/" + consent + "/revoke")
                .then().statusCode(409);
        Forms.given().cookie("SANDBOX_OB", psu1).post("/online-banking/logout").then().statusCode(303);
        given().cookie("SANDBOX_OB", psu1).get("/online-banking").then().body(containsString("Log in to online banking"));
    }

    @Test
    void anExpiredLinkIsAClearPage() throws Exception {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("update sca_link set created_at = now() - interval '11 minutes' where token = ?")) {
            s.setString(1, token(created.path("scaUrl")));
            s.executeUpdate();
        }
        given().get(URI.create(created.path("scaUrl")).getPath()).then().statusCode(410).contentType(containsString("text/html"))
                .body(containsString("This link has expired"));
        Forms.given().formParam("username", "psu1").formParam("password", "sandbox").post(URI.create(created.path("scaUrl")).getPath() + "/login")
                .then().statusCode(410).body(containsString("expired"));
        api().get("/bank/v1/consents/" + created.path("bankConsentId")).then().body("scaStatus", equalTo("received"));
    }

    @Test
    void aLinkWorksOnceAndOnlyForTheBrowserThatLoggedIn() {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        String path = URI.create(created.path("scaUrl")).getPath();
        PsuBrowser browser = PsuBrowser.open(created.path("scaUrl"));
        browser.login("psu1", "sandbox").then().statusCode(303)
                .header("Set-Cookie", containsString("Path=" + path)).header("Set-Cookie", containsString("HttpOnly"));

        // another browser (no cookie) opening the same link after the login
        given().redirects().follow(false).get(path).then().statusCode(410).body(containsString("already been used"));
        given().redirects().follow(false).get(path + "/decision").then().statusCode(410);
        Forms.given().cookie("SANDBOX_SCA", "forged").formParam("decision", "approve").post(path + "/decision")
                .then().statusCode(410);
        Forms.given().formParam("username", "psu1").formParam("password", "sandbox").post(path + "/login")
                .then().statusCode(410);
        // the browser that logged in resumes where it was
        given().redirects().follow(false).cookie("SANDBOX_SCA", browser.cookie).get(path).then().statusCode(303)
                .header("Location", containsString("/decision"));

        browser.decide("approve");
        browser.otp("123456").then().statusCode(303);
        given().redirects().follow(false).cookie("SANDBOX_SCA", browser.cookie).get(path).then().statusCode(410)
                .body(containsString("This link has already been used"));
        browser.otp("123456").then().statusCode(410);
    }

    @Test
    void stepsOutOfOrderAreRefusedWithAPage() {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        String path = URI.create(created.path("scaUrl")).getPath();
        given().redirects().follow(false).get(path + "/otp").then().statusCode(409).body(containsString("log in first"));
        PsuBrowser browser = PsuBrowser.open(created.path("scaUrl"));
        browser.login("psu1", "sandbox");
        browser.otp("123456").then().statusCode(409).body(containsString("Approve or Deny"));
        browser.decide("maybe").then().statusCode(200).body(containsString("choose Approve or Deny"));
        browser.decide("approve").then().statusCode(303);
        browser.decide("deny").then().statusCode(409).body(containsString("enter the one-time code"));
        api().get("/bank/v1/consents/" + created.path("bankConsentId")).then().body("scaStatus", equalTo("started"));
    }

    @Test
    void aWrongPasswordKeepsTheLinkUsableAndThreeWrongCodesFail() {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        PsuBrowser browser = PsuBrowser.open(created.path("scaUrl"));
        browser.login("psu1", "wrong").then().statusCode(200).body(containsString("Wrong username or password"));
        browser.login("nobody", "sandbox").then().statusCode(200).body(containsString("Wrong username or password"));
        api().get("/bank/v1/consents/" + created.path("bankConsentId")).then().body("scaStatus", equalTo("received"));
        browser.login("psu1", "sandbox").then().statusCode(303);
        browser.decide("approve");
        browser.otp("000000").then().statusCode(200).body(containsString("Wrong code. 2 attempts left."));
        browser.otp("").then().statusCode(200).body(containsString("1 attempt left"));
        browser.otp("111111").then().statusCode(303).header("Location", startsWith(Bank.RETURN_URL));
        api().get("/bank/v1/consents/" + created.path("bankConsentId")).then()
                .body("status", equalTo("rejected")).body("scaStatus", equalTo("failed"));
    }

    @Test
    void aFormThatCannotBeDecodedIsAClearPageAndSpendsNothing() {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        String path = URI.create(created.path("scaUrl")).getPath();
        List<String> logged = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(String.valueOf(record.getMessage()) + " " + Arrays.toString(record.getParameters()));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger mappers = Logger.getLogger("eu.xs2a.sandbox.api.BankExceptionMappers");
        mappers.addHandler(capture);
        try {
            for (String form : new String[] {path + "/login", "/online-banking/login"}) {
                given().contentType("application/x-www-form-urlencoded").body("username=psu1&password=MyPassword%ZZ")
                        .post(form)
                        .then().statusCode(400).contentType(containsString("text/html"))
                        .header("Cache-Control", equalTo("no-store"))
                        .body(containsString("could not be read")).body(not(containsString("Exception")));
            }
        } finally {
            mappers.removeHandler(capture);
        }
        assertEquals(2, logged.size(), logged.toString());
        assertTrue(logged.stream().noneMatch(line -> line.contains("MyPassword")), logged.toString()); // never a form value
        api().get("/bank/v1/consents/" + created.path("bankConsentId")).then().body("scaStatus", equalTo("received"));
        PsuBrowser.open(created.path("scaUrl")).login("psu1", "sandbox").then().statusCode(303);
    }

    @Test
    void aBrowserGetsPagesForWrongAddressesAndMethodsAndAClientJson() {
        String browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
        given().accept(browser).get("/online-banking/login").then().statusCode(405).contentType(containsString("text/html"))
                .body(containsString("cannot be used like this"));
        given().accept(browser).get("/online-banking/nothing-here").then().statusCode(404)
                .contentType(containsString("text/html")).body(containsString("does not exist"));
        given().accept("application/json").get("/online-banking/nothing-here").then().statusCode(404)
                .body("code", equalTo("NOT_FOUND"));
        given().get("/bank/v1/nothing-here").then().statusCode(404).body("code", equalTo("NOT_FOUND"));
    }

    @Test
    void aConsentTerminatedDuringScaClosesItsLink() {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        PsuBrowser browser = PsuBrowser.open(created.path("scaUrl"));
        browser.login("psu1", "sandbox");
        api().delete("/bank/v1/consents/" + created.path("bankConsentId")).then().statusCode(204);
        browser.get("decision").then().statusCode(410);
    }

    @Test
    void psuSlowsResourcesAnswerLaterThanTheGatewaysTimeout() {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        PsuBrowser.approve(created.path("scaUrl"), "psu-slow");
        String id = created.path("bankConsentId");
        // the gateway's read timeout is 3 s; this client gives up after 1 s, the bank sleeps sandbox.slow-delay
        io.restassured.config.RestAssuredConfig oneSecond = io.restassured.config.RestAssuredConfig.config().httpClient(
                io.restassured.config.HttpClientConfig.httpClientConfig().setParam("http.socket.timeout", 1000));
        org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
                () -> api().config(oneSecond).get("/bank/v1/consents/" + id + "/accounts"));
        // psu1's data is not slowed down by the same client
        String fast = Bank.validConsent(Bank.allPsd2(), "psu1");
        api().config(oneSecond).get("/bank/v1/consents/" + fast + "/accounts").then().statusCode(200);
        // and psu-slow's data does come, later
        api().get("/bank/v1/consents/" + id + "/accounts").then().statusCode(200).body("accounts[0].iban", equalTo(Bank.SLOW_MAIN));
    }
}
