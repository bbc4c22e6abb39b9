package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.journeys.PaymentJourneyTest.balance;
import static eu.xs2a.e2e.journeys.PaymentJourneyTest.cancelHeaders;
import static eu.xs2a.e2e.journeys.PaymentJourneyTest.paymentHeaders;
import static eu.xs2a.e2e.journeys.PaymentJourneyTest.refresh;
import static eu.xs2a.e2e.journeys.PaymentJourneyTest.transactionStatus;
import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CREDITOR;
import static eu.xs2a.e2e.support.BerlinGroup.P;
import static eu.xs2a.e2e.support.BerlinGroup.PROVIDER;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static eu.xs2a.e2e.support.BerlinGroup.path;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.support.BankDays;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.math.BigDecimal;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 52: a TPP initiates a periodic payment (a weekly standing order), psu1 authorises it in the browser, and the
 * bank executes its two occurrences, each on its day, on a bank clock this journey moves (BANK-API.md "Bank clock");
 * the TPP follows the order to ACSC and finds both booked transactions in the account data, and psu1 sees it in the
 * bank's online banking. Another standing order is cancelled with the PSU's authorisation before anything ran: CANC.
 * Every answer is checked against the Berlin Group file (ConformanceFilter).
 */
class PeriodicPaymentJourneyTest extends Journey {

    private static final String PERIODIC = P + "/v1/periodic-payments/sepa-credit-transfers";
    private static final String BANK_CREDENTIAL = "Bearer sandbox-service-credential";

    /** Puts the bank back on the machine's date, so that the journeys after this one see the gateway's date there. */
    @AfterEach
    void resetTheBanksClock() {
        given().baseUri(stack.serviceUrl("aspsp-sandbox")).header("Authorization", BANK_CREDENTIAL)
                .delete("/bank/v1/clock").then().statusCode(200);
    }

    @Test
    void aStandingOrderIsAuthorisedExecutedTwiceOnItsDaysAndAnotherCancelled() {
        Tpp tpp = newTpp("Periodic Pay", "PSP_AI", "PSP_PI");
        String aisConsent = approvedConsent(tpp, aisBody(PSU1_MAIN));
        String account = accountId(tpp, aisConsent, PSU1_MAIN);
        // the next Monday: a working day at the bank, so each occurrence is executed on its nominal day
        LocalDate first = BankDays.today(PROVIDER).with(TemporalAdjusters.next(DayOfWeek.MONDAY));
        LocalDate second = first.plusWeeks(1);
        String endToEnd = "E2E-" + UUID.randomUUID().toString().substring(0, 8);

        String ok = redirectUri("standing-order");
        Response created = tpp.post(PERIODIC, paymentHeaders(ok, null), body("7.25", endToEnd, first, second));
        assertStatus(201, created);
        assertEquals("RCVD", created.jsonPath().getString("transactionStatus"));
        assertEquals("NOAP", created.jsonPath().getString("payeeVerification.result"));
        String order = PERIODIC + "/" + created.jsonPath().getString("paymentId");
        assertEquals(order, path(created.jsonPath().getString("_links.self.href")));
        assertEquals(ok, browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), "psu1"));
        assertEquals("finalised", tpp.get(path(created.jsonPath().getString("_links.scaStatus.href")))
                .jsonPath().getString("scaStatus"));
        assertEquals("ACSP", transactionStatus(tpp, order), "accepted: nothing is executed before its day");
        Response read = tpp.get(order);
        assertStatus(200, read);
        assertEquals("Weekly", read.jsonPath().getString("frequency"));
        assertEquals(first.toString(), read.jsonPath().getString("startDate"));
        assertEquals(second.toString(), read.jsonPath().getString("endDate"));
        assertEquals("following", read.jsonPath().getString("executionRule"));
        BigDecimal before = balance(tpp, aisConsent, account);

        moveBankTo(first);
        eventually("the first occurrence in online banking", () -> onlineBanking(), page -> page.contains("executed 1 times"));
        assertEquals("ACSP", transactionStatus(tpp, order), "one occurrence is still to come");

        moveBankTo(second);
        assertEquals("ACSC", eventually("the order ending after its last occurrence",
                () -> transactionStatus(tpp, order), "ACSC"::equals));
        String page = onlineBanking();
        assertTrue(page.contains("executed 2 times") && page.contains("Merchant GmbH"), page);

        // the bookings are dated on the bank's moved days, after the gateway's today, so no report shows them yet; the
        // balance does
        refresh(tpp, aisConsent);
        assertEquals(before.subtract(new BigDecimal("14.50")), balance(tpp, aisConsent, account));
        assertError(tpp.delete(order, cancelHeaders()), 405, "CancellationInvalid", "CANCELLATION_INVALID");

        // another order, cancelled before its first day: the PSU authorises the cancellation, nothing ran → CANC
        LocalDate later = second.plusWeeks(1);
        Response another = tpp.post(PERIODIC, paymentHeaders(redirectUri("standing-order"), null),
                body("3.00", "E2E-CANCEL", later, later.plusMonths(3)));
        assertStatus(201, another);
        String cancelled = PERIODIC + "/" + another.jsonPath().getString("paymentId");
        browser().approveAll(another.jsonPath().getString("_links.scaRedirect.href"), "psu1");
        assertEquals("ACSP", transactionStatus(tpp, cancelled));
        Map<String, String> headers = cancelHeaders();
        Response cancellation = tpp.delete(cancelled, headers);
        assertStatus(202, cancellation);
        assertEquals(headers.get("TPP-Redirect-URI"),
                browser().approveAll(cancellation.jsonPath().getString("_links.scaRedirect.href"), "psu1"));
        assertEquals("CANC", transactionStatus(tpp, cancelled));
        assertEquals("CANC", tpp.get(cancelled).jsonPath().getString("transactionStatus"));
    }

    private static String body(String amount, String endToEnd, LocalDate start, LocalDate end) {
        return """
                {"debtorAccount": {"iban": "%s"},
                 "instructedAmount": {"currency": "EUR", "amount": "%s"},
                 "creditorAccount": {"iban": "%s"}, "creditorName": "Merchant GmbH",
                 "remittanceInformationUnstructured": "Weekly allowance", "endToEndIdentification": "%s",
                 "startDate": "%s", "endDate": "%s", "executionRule": "following", "frequency": "Weekly"}
                """.formatted(PSU1_MAIN, amount, CREDITOR, endToEnd, start, end);
    }

    private static void moveBankTo(LocalDate day) {
        given().baseUri(stack.serviceUrl("aspsp-sandbox")).header("Authorization", BANK_CREDENTIAL)
                .contentType(ContentType.JSON).body(Map.of("today", day.toString())).put("/bank/v1/clock")
                .then().statusCode(200);
    }

    /** psu1's online banking page at the bank. */
    private static String onlineBanking() {
        String bankUrl = stack.serviceUrl("aspsp-sandbox");
        String csrf = UUID.randomUUID().toString();
        Response login = given().redirects().follow(false).cookie("SANDBOX_CSRF", csrf)
                .formParams(Map.of("csrf", csrf, "username", "psu1", "password", PsuBrowser.PASSWORD))
                .post(bankUrl + "/online-banking/login");
        assertStatus(303, login);
        Response page = given().cookie("SANDBOX_OB", login.cookie("SANDBOX_OB")).get(bankUrl + "/online-banking");
        assertStatus(200, page);
        return page.asString();
    }
}
