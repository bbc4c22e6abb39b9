package eu.xs2a.sandbox;

import static eu.xs2a.sandbox.Bank.api;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.testsupport.Browser;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;

/** The PSU pages in a real headless Chromium: what a PSU sees and clicks. Skipped only where Chromium is absent. */
@QuarkusTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PsuPagesBrowserTest {

    @Inject AgroalDataSource dataSource;

    private Browser browser;

    @BeforeAll
    void browser() throws Exception {
        browser = Browser.shared();
    }

    @BeforeEach
    void forgetCookies() {
        browser.forgetCookies();
    }

    /** A return URL the browser can really load: this bank's own liveness page, tagged to be recognised. */
    private static String returnUrl() {
        return anyReturnUrl() + UUID.randomUUID();
    }

    /** What every {@link #returnUrl()} starts with. */
    private static String anyReturnUrl() {
        return "http://localhost:" + RestAssured.port + "/q/health/live?return=";
    }

    private static Response consent(String psuId) {
        Map<String, Object> body = Bank.aisConsent(Bank.allPsd2(), psuId);
        body.put("returnUrl", returnUrl());
        return Bank.registerConsent(body);
    }

    /** The bank's view of a consent this test registered, to check what the PSU's clicks did to it. */
    private static ValidatableResponse consentState(Response created) {
        return api().get("/bank/v1/consents/" + created.path("bankConsentId")).then();
    }

    private static String returnUrlOf(Map<String, Object> body) {
        return (String) body.get("returnUrl");
    }

    private void logIn(String psu, String password) {
        browser.type("username", psu);
        browser.type("password", password);
        browser.click("Log in");
    }

    private void enterCode(String otp) {
        browser.type("otp", otp);
        browser.click("Confirm");
    }

    /** Log in, Approve, code: the happy path a PSU clicks through. */
    private void loginAndApprove(String scaUrl, String psu, String otp) {
        browser.open(scaUrl);
        logIn(psu, "sandbox");
        browser.waitForText("Approve");
        browser.click("Approve");
        browser.waitForText("One-time code");
        enterCode(otp);
    }

    @Test
    void logInApproveWithTheCodeAndLandOnTheReturnUrl() {
        Map<String, Object> body = Bank.aisConsent(Bank.allPsd2(), "psu1");
        body.put("returnUrl", returnUrl());
        Response created = Bank.registerConsent(body);
        browser.open(created.path("scaUrl"));
        assertTrue(browser.text().contains("Alpha TPP"), browser.text());
        logIn("psu1", "sandbox");
        browser.waitForText("Give access?");
        String summary = browser.text();
        assertTrue(summary.contains("Alpha TPP") && summary.contains("All your accounts") && summary.contains("balances"), summary);
        assertTrue(!summary.contains("owner"), "allAccounts does not ask for the owner name: " + summary);
        browser.click("Approve");
        browser.waitForText("One-time code");
        enterCode("123456");
        browser.waitForUrlStartingWith(returnUrlOf(body));
        consentState(created).body("status", equalTo("valid")).body("scaStatus", equalTo("finalised"));
    }

    @Test
    void theConsentPageShowsWhereTheOwnerNameIsAsked() {
        Map<String, Object> body = Bank.aisConsent(Map.of(
                "accounts", java.util.List.of(Bank.ref(Bank.PSU1_MAIN), Bank.ref(Bank.PSU1_SAVINGS)),
                "additionalInformation", Map.of("ownerName", java.util.List.of(Bank.ref(Bank.PSU1_SAVINGS)))), "psu1");
        body.put("returnUrl", returnUrl());
        Response created = Bank.registerConsent(body);
        browser.open(created.path("scaUrl"));
        logIn("psu1", "sandbox");
        browser.waitForText("Give access?");
        String savings = browser.driver().findElement(By.xpath("//table[@id='consent-accounts']//tr[td='" + Bank.PSU1_SAVINGS + "']")).getText();
        String main = browser.driver().findElement(By.xpath("//table[@id='consent-accounts']//tr[td='" + Bank.PSU1_MAIN + "']")).getText();
        assertTrue(savings.contains("the account owner's name"), savings);
        assertTrue(!main.contains("owner"), main);

        Map<String, Object> all = Bank.aisConsent(Map.of("allPsd2", "allAccountsWithOwnerName"), "psu1");
        all.put("returnUrl", returnUrl());
        browser.forgetCookies();
        browser.open(Bank.registerConsent(all).path("scaUrl"));
        logIn("psu1", "sandbox");
        browser.waitForText("Give access?");
        String page = browser.text();
        assertTrue(page.contains("All your accounts") && page.contains("the account owner's name"), page);
    }

    @Test
    void aPaymentShowsAmountCreditorAndIbanAndThePsuPicksTheAccount() {
        Map<String, Object> order = Bank.payment(null, "49.99");
        order.put("returnUrl", returnUrl());
        Response created = Bank.submitPayment(order);
        browser.open(created.path("scaUrl"));
        logIn("psu1", "sandbox");
        browser.waitForText("Approve this payment?");
        String page = browser.text();
        assertTrue(page.contains("49.99 EUR") && page.contains("Max Creditor") && page.contains(Bank.FOREIGN)
                && page.contains("Beta Payments"), page);
        new org.openqa.selenium.support.ui.Select(browser.driver().findElement(By.name("debtorAccount"))).selectByValue(Bank.PSU1_MAIN);
        browser.click("Approve");
        browser.waitForText("One-time code");
        enterCode("123456");
        browser.waitForUrlStartingWith(returnUrlOf(order));
        Response payment = Bank.getPayment(created.path("bankPaymentId"));
        assertEquals(Bank.PSU1_MAIN, payment.path("debtorAccount.iban"));
        assertTrue(Map.of("ACSP", 1, "ACSC", 1).containsKey(payment.<String>path("transactionStatus")), payment.asString());
    }

    /** Verification of Payee in words, before the PSU approves; the PSU can still approve or deny. */
    @Test
    void thePaymentPageTellsThePsuWhetherThePayeeNameMatches() {
        Map<String, Object> order = Bank.payment(Bank.PSU1_BUSINESS, "2.00");
        order.put("creditorName", "Erika Musterman");
        order.put("creditorAccount", Map.of("iban", Bank.PSU1_MAIN));
        order.put("returnUrl", returnUrl());
        browser.open(Bank.submitPayment(order).path("scaUrl"));
        logIn("psu1", "sandbox");
        browser.waitForText("Approve this payment?");
        String close = browser.driver().findElement(By.id("payee-check")).getText();
        assertTrue(close.contains("close to, but not the same as") && close.contains("Erika Mustermann"), close);
        browser.click("Approve");
        browser.waitForText("One-time code");
        enterCode("123456");
        browser.waitForUrlStartingWith(returnUrlOf(order));

        Map<String, Object> other = Bank.payment(Bank.PSU1_BUSINESS, "2.00");
        other.put("creditorName", "Max Mustermann");
        other.put("creditorAccount", Map.of("iban", Bank.PSU1_MAIN));
        browser.forgetCookies();
        browser.open(Bank.submitPayment(other).path("scaUrl"));
        logIn("psu1", "sandbox");
        browser.waitForText("Approve this payment?");
        String mismatch = browser.driver().findElement(By.id("payee-check")).getText();
        assertTrue(mismatch.contains("does not match the account holder"), mismatch);

        browser.forgetCookies();
        browser.open(Bank.submitPayment(Bank.payment(null, "2.00")).path("scaUrl"));
        logIn("psu1", "sandbox");
        browser.waitForText("Approve this payment?");
        String foreign = browser.driver().findElement(By.id("payee-check")).getText();
        assertTrue(foreign.contains("could not be checked"), foreign);
    }

    @Test
    void denyingSendsThePsuBackAndRejects() {
        Response created = consent(null);
        browser.open(created.path("scaUrl"));
        logIn("psu1", "sandbox");
        browser.waitForText("Deny");
        browser.click("Deny");
        browser.waitForUrlStartingWith(anyReturnUrl());
        consentState(created).body("status", equalTo("rejected")).body("scaStatus", equalTo("failed"));
    }

    @Test
    void aWrongPasswordShowsAnErrorAndTheLoginCanBeRetried() {
        Response created = consent(null);
        browser.open(created.path("scaUrl"));
        logIn("psu1", "not-the-password");
        browser.waitForText("Wrong username or password");
        assertTrue(browser.driver().findElements(By.name("password")).size() == 1);
        logIn("psu1", "sandbox");
        browser.waitForText("Approve");
    }

    @Test
    void aWrongCodeShowsAnErrorAndPsuFailAlwaysFails() {
        Response created = consent(null);
        loginAndApprove(created.path("scaUrl"), "psu1", "654321");
        browser.waitForText("Wrong code. 2 attempts left.");
        enterCode("123456");
        browser.waitForUrlStartingWith(anyReturnUrl());
        consentState(created).body("status", equalTo("valid"));

        Response failing = consent("psu-fail");
        loginAndApprove(failing.path("scaUrl"), "psu-fail", "123456");
        browser.waitForUrlStartingWith(anyReturnUrl());
        consentState(failing).body("status", equalTo("rejected")).body("scaStatus", equalTo("failed"));
    }

    @Test
    void anExpiredLinkShowsAClearPage() throws Exception {
        Response created = consent(null);
        String path = URI.create(created.path("scaUrl")).getPath();
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("update sca_link set created_at = now() - interval '10 minutes 1 second' where token = ?")) {
            s.setString(1, path.substring(path.lastIndexOf('/') + 1));
            s.executeUpdate();
        }
        browser.open(created.path("scaUrl"));
        assertEquals(Optional.of("This link has expired"), browser.textOf("message-title"));
        assertTrue(browser.driver().findElements(By.name("username")).isEmpty());
    }

    @Test
    void aReusedLinkShowsAClearPage() {
        Response created = consent(null);
        loginAndApprove(created.path("scaUrl"), "psu1", "123456");
        browser.waitForUrlStartingWith(anyReturnUrl());
        browser.open(created.path("scaUrl"));
        assertEquals(Optional.of("This link has already been used"), browser.textOf("message-title"));
    }

    @Test
    void thePsuRevokesAConsentInOnlineBanking() {
        Map<String, Object> body = Bank.aisConsent(Bank.allPsd2(), "psu1");
        body.put("tppName", "Revocable TPP");
        body.put("returnUrl", returnUrl());
        Response created = Bank.registerConsent(body);
        String id = created.path("bankConsentId");
        loginAndApprove(created.path("scaUrl"), "psu1", "123456");
        browser.waitForUrlStartingWith(returnUrlOf(body));

        browser.open("http://localhost:" + RestAssured.port + "/online-banking");
        logIn("psu1", "sandbox");
        browser.waitForText("Access you gave to providers");
        var row = browser.driver().findElement(By.id("consent-" + id));
        assertTrue(row.getText().contains("Revocable TPP") && row.getText().contains("valid"), row.getText());
        row.findElement(By.xpath(".//button[normalize-space()='Revoke']")).click();
        browser.waitForText("revokedByPsu");
        assertEquals("revokedByPsu", browser.driver().findElement(By.cssSelector("#consent-" + id + " .status")).getText());
        api().get("/bank/v1/consents/" + id).then().body("status", equalTo("revokedByPsu"));
        api().get("/bank/v1/consents/" + id + "/accounts").then().statusCode(422);
    }

    /**
     * A form that did not come from this browser session's page (its token forged, or the session's cookie gone) is
     * answered with a page the PSU can read, never JSON and never the action; the PSU goes back, reloads, goes on.
     */
    @Test
    void aFormWithoutTheSessionsTokenShowsAnExpiredPageAndDoesNothing() {
        Response created = consent("psu1");
        browser.open(created.path("scaUrl"));
        ((JavascriptExecutor) browser.driver()).executeScript(
                "document.querySelector('input[name=csrf]').value = 'forged-by-another-site'");
        logIn("psu1", "sandbox");
        browser.waitForText("This page has expired");
        assertFalse(browser.showsJson(), browser.text());
        assertEquals("This page has expired – Sandbox Bank", browser.title());
        assertTrue(browser.textOf("message-text").orElse("").contains("Go back, reload the page and try again."),
                browser.text());
        consentState(created).body("scaStatus", equalTo("received"));

        browser.open(created.path("scaUrl"));
        logIn("psu1", "sandbox");
        browser.waitForText("Give access?");
        browser.driver().manage().deleteCookieNamed("SANDBOX_CSRF");
        browser.click("Approve");
        browser.waitForText("This page has expired");
        assertFalse(browser.showsJson(), browser.text());
        consentState(created).body("scaStatus", equalTo("psuIdentified"));

        browser.driver().navigate().back();
        browser.driver().navigate().refresh();
        browser.waitForText("Give access?");
        browser.click("Approve");
        browser.waitForText("One-time code");
        consentState(created).body("scaStatus", equalTo("started"));
    }

    /** Five wrong passwords lock the PSU's login; the login page says why and until when, even for the right one. */
    @Test
    void fiveWrongPasswordsLockTheLoginAndThePageSaysWhy() throws Exception {
        try {
            browser.open("http://localhost:" + RestAssured.port + "/online-banking");
            for (int i = 1; i <= 4; i++) {
                logIn("psu-blocked", "not-my-password-" + i);
                assertEquals(Optional.of("Wrong username or password."), browser.textOf("error"));
            }
            logIn("psu-blocked", "not-my-password-5");
            String error = browser.textOf("error").orElse("");
            assertTrue(error.startsWith("Wrong password 5 times in a row: for your security this login is now locked."
                    + " It stays locked for 15 minutes after the last wrong password: try again after "), error);
            assertTrue(error.matches(".* try again after \\d\\d:\\d\\d \\(Europe/Berlin\\)\\."), error);

            logIn("psu-blocked", "sandbox");
            assertTrue(browser.textOf("error").orElse("").startsWith("This login is locked after too many wrong passwords."),
                    browser.text());
            assertFalse(browser.text().contains("Hello"), "not logged in");

            // an SCA link, logged in to by the same PSU: the same lock
            Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
            browser.open(created.path("scaUrl"));
            logIn("psu-blocked", "sandbox");
            assertTrue(browser.textOf("error").orElse("").contains("locked"), browser.text());
            consentState(created).body("scaStatus", equalTo("received"));
        } finally {
            try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                    "update psu set failed_logins = 0, locked_until = null where id = 'psu-blocked'")) {
                s.executeUpdate();
            }
        }
    }
}
