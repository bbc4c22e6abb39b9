package eu.xs2a.consent.support;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.response.Response;
import java.net.URI;

/**
 * The PSU's browser, driven with plain HTTP through the form flow of aspsp-sandbox/BANK-API.md ("The PSU's
 * browser"): the gateway's scaRedirect link → the bank's login → decision → OTP → back to the gateway's callback
 * → the TPP's redirect URI. Redirects are followed by hand so every hop is checked.
 */
public final class Psu {

    public static final String PUBLIC_BASE_URL = "http://localhost:8080";
    public static final String PSU1_MAIN = "DE49100200300100000011";
    public static final String PSU1_SAVINGS = "DE26100200300100000037";
    private static final String COOKIE = "SANDBOX_SCA";
    private static final String CSRF_COOKIE = "SANDBOX_CSRF";
    private static final java.util.regex.Pattern CSRF_FIELD =
            java.util.regex.Pattern.compile("<input type=\"hidden\" name=\"csrf\" value=\"([^\"]+)\">");
    /** What a browser asks for when it follows a link. */
    public static final String BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

    private final String username;
    private String scaUrl;
    private String cookie;
    /** The CSRF token the bank's first page handed out, sent with every form as a browser does (cookie and field). */
    private String csrf;

    public Psu(String username) {
        this.username = username;
    }

    /** Follows the TPP's scaRedirect link: the gateway answers 302 to the bank's SCA page. */
    public Psu openScaRedirect(String scaRedirect) {
        Response response = given().redirects().follow(false).accept(BROWSER_ACCEPT).get(gatewayPath(scaRedirect));
        assertEquals(302, response.statusCode(), response.asString());
        scaUrl = response.header("Location");
        assertTrue(scaUrl.contains("/sca/"), scaUrl);
        Response page = given().redirects().follow(false).get(scaUrl);
        assertEquals(200, page.statusCode());
        csrf = csrfOf(page);
        return this;
    }

    /** A bank page's CSRF token: its cookie, which its forms repeat in the hidden field {@code csrf}. */
    public static String csrfOf(Response page) {
        String token = page.cookie(CSRF_COOKIE);
        java.util.regex.Matcher field = CSRF_FIELD.matcher(page.asString());
        assertTrue(token != null && field.find() && token.equals(field.group(1)), "the bank's page hands out its CSRF token");
        return token;
    }

    /** A form post to the bank's pages with this CSRF token. */
    public static io.restassured.specification.RequestSpecification form(String csrf) {
        return given().redirects().follow(false).cookie(CSRF_COOKIE, csrf).formParam("csrf", csrf);
    }

    public Psu logIn() {
        Response response = form(csrf)
                .formParam("username", username).formParam("password", "sandbox")
                .post(scaUrl + "/login");
        assertEquals(303, response.statusCode(), response.asString());
        cookie = response.cookie(COOKIE);
        return this;
    }

    /** approve or deny; returns the 303 Location (the OTP page, or the gateway's callback after deny). */
    public String decide(String decision) {
        Response page = given().redirects().follow(false).cookie(COOKIE, cookie).get(scaUrl + "/decision");
        assertEquals(200, page.statusCode(), page.asString());
        Response response = form(csrf).cookie(COOKIE, cookie)
                .formParam("decision", decision).post(scaUrl + "/decision");
        assertEquals(303, response.statusCode(), response.asString());
        return response.header("Location");
    }

    /**
     * Approves a bank-offered consent with the PSU's choice on the decision page ({@code <bankAccountId>:<access>},
     * aspsp-sandbox/BANK-API.md); answers where the bank sends the browser.
     */
    public String choose(String... access) {
        Response page = given().redirects().follow(false).cookie(COOKIE, cookie).get(scaUrl + "/decision");
        assertEquals(200, page.statusCode(), page.asString());
        io.restassured.specification.RequestSpecification form = form(csrf).cookie(COOKIE, cookie)
                .formParam("decision", "approve");
        for (String value : access) {
            form = form.formParam("access", value);
        }
        Response response = form.post(scaUrl + "/decision");
        assertEquals(303, response.statusCode(), response.asString());
        return response.header("Location");
    }

    /** Sends one OTP; returns the raw answer (200 page again on a wrong code, 303 to the callback otherwise). */
    public Response otp(String code) {
        Response page = given().redirects().follow(false).cookie(COOKIE, cookie).get(scaUrl + "/otp");
        assertEquals(200, page.statusCode(), page.asString());
        return form(csrf).cookie(COOKIE, cookie).formParam("otp", code).post(scaUrl + "/otp");
    }

    /** The bank's 303 back to the gateway: follows it and returns the gateway's answer (302 to the TPP). */
    public static Response returnToGateway(String callbackUrl) {
        assertTrue(callbackUrl.startsWith(PUBLIC_BASE_URL), callbackUrl);
        return given().redirects().follow(false).accept(BROWSER_ACCEPT).get(gatewayPath(callbackUrl));
    }

    /** Full approval: link, login, approve, OTP 123456, callback; returns the gateway's final answer. */
    public static Response approve(String scaRedirect) {
        Psu psu = new Psu("psu1").openScaRedirect(scaRedirect).logIn();
        String otpPage = psu.decide("approve");
        assertTrue(otpPage.endsWith("/otp"), otpPage);
        Response done = psu.otp("123456");
        assertEquals(303, done.statusCode(), done.asString());
        return returnToGateway(done.header("Location"));
    }

    /**
     * psd2.public-base-url is the ingress (http://localhost:8080); the test talks to the service directly, as the
     * ingress would, so absolute gateway URLs become paths on the test port.
     */
    public static String gatewayPath(String absolute) {
        URI uri = URI.create(absolute);
        return uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    }
}
