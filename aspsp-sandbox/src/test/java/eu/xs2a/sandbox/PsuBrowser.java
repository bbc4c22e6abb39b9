package eu.xs2a.sandbox;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import java.util.function.UnaryOperator;

/** Drives the PSU pages with plain HTTP, exactly as BANK-API.md documents it (what gateway tests do too). */
final class PsuBrowser {

    final String base;
    String cookie;
    /** The CSRF token the first page handed out, sent with every form as a browser does (cookie and field). */
    String csrf;

    private PsuBrowser(String scaUrl) {
        this.base = URI.create(scaUrl).getPath();
    }

    static PsuBrowser open(String scaUrl) {
        PsuBrowser browser = new PsuBrowser(scaUrl);
        browser.csrf = Forms.tokenOf(given().redirects().follow(false).get(browser.base).then().statusCode(200)
                .extract().response());
        return browser;
    }

    Response login(String username, String password) {
        Response response = withCookie().formParam("username", username).formParam("password", password)
                .post(base + "/login");
        if (response.statusCode() == 303 && response.getCookie("SANDBOX_SCA") != null) {
            cookie = response.getCookie("SANDBOX_SCA");
        }
        return response;
    }

    Response get(String step) {
        io.restassured.specification.RequestSpecification spec = given().redirects().follow(false);
        return (cookie == null ? spec : spec.cookie("SANDBOX_SCA", cookie)).get(base + "/" + step);
    }

    Response decide(String decision) {
        return withCookie().formParam("decision", decision).post(base + "/decision");
    }

    Response decide(String decision, String debtorAccount) {
        return withCookie().formParam("decision", decision).formParam("debtorAccount", debtorAccount).post(base + "/decision");
    }

    /** Approves a bank-offered consent with the PSU's choice: values {@code <bankAccountId>:<access>}. */
    Response choose(String... access) {
        io.restassured.specification.RequestSpecification spec = withCookie().formParam("decision", "approve");
        for (String value : access) {
            spec = spec.formParam("access", value);
        }
        return spec.post(base + "/decision");
    }

    Response otp(String code) {
        return withCookie().formParam("otp", code).post(base + "/otp");
    }

    /** A form post of {@code step} with the fields {@code fields} adds, the CSRF token and the link's cookie. */
    Response post(String step, UnaryOperator<RequestSpecification> fields) {
        return fields.apply(withCookie()).post(base + "/" + step);
    }

    /** A form post: the link's cookie once logged in, and the CSRF token. */
    private io.restassured.specification.RequestSpecification withCookie() {
        io.restassured.specification.RequestSpecification spec = given().redirects().follow(false)
                .cookie(Forms.COOKIE, csrf).formParam("csrf", csrf);
        return cookie == null ? spec : spec.cookie("SANDBOX_SCA", cookie);
    }

    /** Login, Approve, OTP 123456; answers the final redirect (to the returnUrl). */
    static Response approve(String scaUrl, String psu) {
        PsuBrowser browser = open(scaUrl);
        assertEquals(303, browser.login(psu, "sandbox").statusCode());
        assertEquals(303, browser.decide("approve").statusCode());
        return browser.otp("123456");
    }
}
