package eu.xs2a.sandbox;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The PSU's forms (online banking, an SCA, an OAuth login) and links as a careless or hostile browser fills them:
 * each field left out, empty, blank, overlong, with a NUL, a line break or a format character, or given twice, and
 * link tokens the same. Every answer is a page or a redirect, never a 5xx and never JSON: a person reads it.
 */
@QuarkusTest
class PsuFormsWrongInputTest {

    private static final String BROWSER = "text/html,application/xhtml+xml,*/*;q=0.8";
    private static final List<List<String>> WRONG = List.of(List.of(), List.of(""), List.of(" "),
            List.of("x".repeat(5_000)), List.of("a\u0000b"), List.of("a\r\nb"), List.of("\u202e"),
            List.of("psu1", "psu2"));

    @Test
    void everyWrongOnlineBankingLoginGetsAPage() {
        List<String> findings = new ArrayList<>();
        for (String field : List.of("username", "password")) {
            for (List<String> values : WRONG) {
                RequestSpecification form = Forms.given();
                form = field.equals("username") ? form.formParam("password", "wrong")
                        : form.formParam("username", "nobody");
                check(findings, "online-banking " + field + values, with(form, field, values)
                        .post("/online-banking/login"));
            }
        }
        assertEquals(List.of(), findings);
    }

    @Test
    void everyWrongScaFormGetsAPage() {
        List<String> findings = new ArrayList<>();
        for (List<String> values : WRONG) {
            PsuBrowser login = PsuBrowser.open(Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null))
                    .path("scaUrl"));
            check(findings, "sca username" + values, login.post("login", form -> with(
                    form.formParam("password", "sandbox"), "username", values)));
            check(findings, "sca password" + values, login.post("login", form -> with(
                    form.formParam("username", "nobody"), "password", values)));
            PsuBrowser browser = PsuBrowser.open(Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null))
                    .path("scaUrl"));
            assertEquals(303, browser.login("psu1", "sandbox").statusCode());
            check(findings, "sca decision" + values, browser.post("decision", form -> with(form, "decision",
                    values)));
            check(findings, "sca debtorAccount" + values, browser.post("decision", form -> with(
                    form.formParam("decision", "approve"), "debtorAccount", values)));
            check(findings, "sca access" + values, browser.post("decision", form -> with(
                    form.formParam("decision", "approve"), "access", values)));
            check(findings, "sca otp" + values, browser.post("otp", form -> with(form, "otp", values)));
        }
        assertEquals(List.of(), findings);
    }

    @Test
    void everyWrongOAuthLoginFormGetsAPage() {
        List<String> findings = new ArrayList<>();
        for (String field : List.of("username", "password", "decision")) {
            for (List<String> values : WRONG) {
                String page = java.net.URI.create(Bank.api().contentType("application/json").body(java.util.Map.of(
                        "tppName", "Alpha TPP", "scope", "accounts", "returnUrl", Bank.RETURN_URL))
                        .post("/bank/v1/oauth-logins").then().statusCode(201).extract().<String>path("loginUrl"))
                        .getPath();
                String csrf = Forms.tokenOf(given().get(page));
                RequestSpecification form = given().redirects().follow(false).cookie(Forms.COOKIE, csrf)
                        .formParam("csrf", csrf);
                for (String other : List.of("username", "password", "decision")) {
                    if (!other.equals(field)) {
                        form = form.formParam(other, other.equals("username") ? "nobody"
                                : other.equals("password") ? "sandbox" : "allow");
                    }
                }
                check(findings, "oauth-login " + field + values, with(form, field, values).post(page));
            }
        }
        assertEquals(List.of(), findings);
    }

    @Test
    void everyWrongLinkGetsAPage() {
        List<String> findings = new ArrayList<>();
        for (String token : List.of("%00", "a%0D%0Ab", "x".repeat(3_000), "%E2%80%AE", "%FF%FE")) {
            for (String path : List.of("/sca/" + token, "/sca/" + token + "/decision", "/oauth-login/" + token)) {
                check(findings, path, given().redirects().follow(false).urlEncodingEnabled(false).accept(BROWSER)
                        .get(path));
            }
            check(findings, "revoke " + token, Forms.given().urlEncodingEnabled(false).accept(BROWSER)
                    .post("/online-banking/consents/" + token + "/revoke"));
        }
        assertEquals(List.of(), findings);
    }

    /** The fields, and what a browser accepts: the bank tells a person's browser from the gateway by it. */
    private static RequestSpecification with(RequestSpecification form, String field, List<String> values) {
        RequestSpecification browser = form.accept(BROWSER);
        return values.isEmpty() ? browser : browser.formParam(field, values.toArray());
    }

    private static void check(List<String> findings, String request, Response answer) {
        String type = String.valueOf(answer.contentType());
        boolean fine = answer.statusCode() == 303 || answer.statusCode() < 500 && type.startsWith("text/html");
        if (!fine) {
            findings.add((request.length() > 80 ? request.substring(0, 80) + "…" : request) + ": "
                    + answer.statusCode() + " " + type + " " + answer.asString().substring(0,
                    Math.min(200, answer.asString().length())));
        }
    }
}
