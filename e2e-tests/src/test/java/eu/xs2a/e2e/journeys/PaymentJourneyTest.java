package eu.xs2a.e2e.journeys;

import eu.xs2a.e2e.support.BankDays;
import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.CREDITOR;
import static eu.xs2a.e2e.support.BerlinGroup.PAYMENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PROVIDER;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static eu.xs2a.e2e.support.BerlinGroup.PSU_IP;
import static eu.xs2a.e2e.support.BerlinGroup.path;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.restassured.response.Response;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * (d) A PISP initiates a payment, psu1 authorises it in the browser, the bank settles it (ACSC), and after a
 * refresh the booked transaction and the lower balance show in the account data. (e) Payments cancelled before
 * SCA (at once) and after SCA (the PSU authorises the cancellation in the browser), and one that can no longer be
 * cancelled.
 */
class PaymentJourneyTest extends Journey {

    @Test
    void paymentScaSettlementAndTheBookedTransactionAfterARefresh() {
        Tpp tpp = newTpp("Gamma Pay", "PSP_AI", "PSP_PI");
        String aisConsent = approvedConsent(tpp, aisBody(PSU1_MAIN));
        String account = accountId(tpp, aisConsent, PSU1_MAIN);
        BigDecimal before = balance(tpp, aisConsent, account);

        String endToEnd = "E2E-" + UUID.randomUUID().toString().substring(0, 8);
        String ok = redirectUri("paid");
        Response created = tpp.post(SERVICE_PAYMENTS, paymentHeaders(ok, redirectUri("nok")),
                paymentBody(PSU1_MAIN, "12.34", endToEnd, null));
        assertStatus(201, created);
        assertEquals("RCVD", created.jsonPath().getString("transactionStatus"));
        assertEquals("REDIRECT", created.header("ASPSP-SCA-Approach"));
        String paymentId = created.jsonPath().getString("paymentId");
        String payment = SERVICE_PAYMENTS + "/" + paymentId;
        Response authorisations = tpp.get(payment + "/authorisations");
        assertStatus(200, authorisations);
        assertEquals(1, authorisations.jsonPath().getList("authorisationIds").size(), authorisations.asString());

        assertEquals(ok, browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), "psu1"));
        assertEquals("finalised", tpp.get(path(created.jsonPath().getString("_links.scaStatus.href")))
                .jsonPath().getString("scaStatus"));
        assertEquals("ACSC", finalStatus(tpp, payment, "the bank settling the payment"));
        Response read = tpp.get(payment);
        assertStatus(200, read);
        assertEquals("ACSC", read.jsonPath().getString("transactionStatus"));
        assertEquals("12.34", read.jsonPath().getString("instructedAmount.amount"));
        assertEquals(CREDITOR, read.jsonPath().getString("creditorAccount.iban"));

        // a settled payment cannot be cancelled
        assertError(tpp.delete(payment, cancelHeaders()), 405, "CancellationInvalid", "CANCELLATION_INVALID");

        refresh(tpp, aisConsent);
        Response booked = tpp.get(ACCOUNTS + "/" + account + "/transactions?bookingStatus=booked&dateFrom="
                + BankDays.today(PROVIDER).minusDays(1) + "&size=50", consent(aisConsent));
        assertStatus(200, booked);
        List<Map<String, Object>> transactions = booked.jsonPath().getList("transactions.booked");
        Map<String, Object> mine = transactions.stream().filter(t -> endToEnd.equals(t.get("endToEndId"))).findFirst()
                .orElseThrow(() -> new AssertionError("no booked transaction " + endToEnd + " in " + booked.asString()));
        assertEquals("-12.34", ((Map<?, ?>) mine.get("transactionAmount")).get("amount"));
        assertEquals("Merchant GmbH", mine.get("creditorName"));
        assertEquals(before.subtract(new BigDecimal("12.34")), balance(tpp, aisConsent, account),
                "the balance is lower by the payment");
    }

    @Test
    void withoutADebtorAccountThePsuChoosesOneInTheBrowser() {
        Tpp tpp = newTpp("Gamma Pay", "PSP_PI");
        String ok = redirectUri("paid");
        Response created = initiated(tpp, ok, paymentBody(null, "3.00", "E2E-CHOOSE", null));
        String payment = PAYMENTS + "/" + created.jsonPath().getString("paymentId");
        // no account chosen yet: the read has no debtorAccount (KnownDifferences.DEBTOR_ACCOUNT_BEFORE_CHOICE)
        Response before = tpp.get(payment);
        assertStatus(200, before);
        assertNull(before.jsonPath().get("debtorAccount"), before.asString());
        String landed = browser().open(created.jsonPath().getString("_links.scaRedirect.href")).logIn("psu1")
                .approve(PSU1_SAVINGS).otp(PsuBrowser.OTP).landedUrl();
        assertEquals(ok, landed);
        assertEquals("ACSC", finalStatus(tpp, payment, "the bank settling the payment"));
        // the account the PSU chose at the bank, as the Berlin Group schema of the read requires
        Response read = tpp.get(payment);
        assertStatus(200, read);
        assertEquals(PSU1_SAVINGS, read.jsonPath().getString("debtorAccount.iban"), read.asString());
    }

    @Test
    void aPaymentFromAnAccountWithoutFundsIsRejectedAfterSca() {
        Tpp tpp = newTpp("Gamma Pay", "PSP_PI");
        String ok = redirectUri("paid");
        Response created = initiated(tpp, ok, paymentBody(PSU_POOR_MAIN, "50.00", "E2E-POOR", null));
        String payment = PAYMENTS + "/" + created.jsonPath().getString("paymentId");
        browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), "psu-poor");
        assertEquals("RJCT", finalStatus(tpp, payment, "the bank deciding"));
    }

    /** The bank takes a payment dated up to a year ahead (the provider's max-execution-days-ahead), none later. */
    @Test
    void aPaymentIsTakenUpToAYearAheadAndRefusedLater() {
        Tpp tpp = newTpp("Gamma Pay", "PSP_PI");
        LocalDate lastDay = BankDays.today(PROVIDER).plusDays(365);
        Response refused = tpp.post(PAYMENTS, paymentHeaders(redirectUri("paid"), null),
                paymentBody(PSU1_MAIN, "8.00", "E2E-FAR-1", lastDay.plusDays(35).toString()));
        assertError(refused, 400, "FormatError", "EXECUTION_DATE_INVALID");
        assertEquals("requestedExecutionDate", refused.jsonPath().getString("tppMessages[0].path"));

        Response created = initiated(tpp, redirectUri("paid"),
                paymentBody(PSU1_MAIN, "8.00", "E2E-FAR-2", lastDay.toString()));
        String payment = PAYMENTS + "/" + created.jsonPath().getString("paymentId");
        browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), "psu1");
        // accepted for execution on its day, a year from now
        assertEquals("ACSP", transactionStatus(tpp, payment));
        assertEquals(lastDay.toString(), tpp.get(payment).jsonPath().getString("requestedExecutionDate"));
    }

    @Test
    void aPaymentCancelledBeforeScaIsCancelledAtOnce() {
        Tpp tpp = newTpp("Gamma Pay", "PSP_PI");
        Response created = initiated(tpp, redirectUri("paid"), paymentBody(PSU1_MAIN, "5.00", "E2E-CANC-1", null));
        String payment = PAYMENTS + "/" + created.jsonPath().getString("paymentId");

        assertStatus(204, tpp.delete(payment, cancelHeaders()));
        assertEquals("CANC", transactionStatus(tpp, payment));
        // the PSU's link no longer leads to a login at the bank
        browser().open(created.jsonPath().getString("_links.scaRedirect.href"));
        assertFalse(browser().offersLogin(), browser().currentUrl() + " " + browser().pageText());
        assertEquals("CANC", tpp.get(payment).jsonPath().getString("transactionStatus"));
    }

    @Test
    void aPaymentCancelledAfterScaNeedsThePsusAuthorisation() {
        Tpp tpp = newTpp("Gamma Pay", "PSP_PI");
        // executed tomorrow: stays ACSP after SCA, so there is something to cancel
        Response created = initiated(tpp, redirectUri("paid"),
                paymentBody(PSU1_MAIN, "7.00", "E2E-CANC-2", BankDays.today(PROVIDER).plusDays(1).toString()));
        String payment = PAYMENTS + "/" + created.jsonPath().getString("paymentId");
        browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), "psu1");
        assertEquals("ACSP", transactionStatus(tpp, payment));

        String cancelled = redirectUri("cancelled");
        Map<String, String> headers = cancelHeaders();
        headers.put("TPP-Redirect-URI", cancelled);
        Response cancellation = tpp.delete(payment, headers);
        assertStatus(202, cancellation);
        String scaRedirect = cancellation.jsonPath().getString("_links.scaRedirect.href");
        assertNotNull(scaRedirect, cancellation.asString());
        assertEquals("ACSP", transactionStatus(tpp, payment), "not cancelled before the PSU authorises it");

        Response list = tpp.get(payment + "/cancellation-authorisations");
        assertStatus(200, list);
        String authorisationId = list.jsonPath().getString("authorisationIds[0]");
        assertNotNull(authorisationId, list.asString());

        assertEquals(cancelled, browser().approveAll(scaRedirect, "psu1"));
        assertEquals("CANC", transactionStatus(tpp, payment));
        assertEquals("finalised", tpp.get(payment + "/cancellation-authorisations/" + authorisationId)
                .jsonPath().getString("scaStatus"));
    }

    /** The payment {@code body} initiated with redirect SCA back to {@code ok}: created (201). */
    private static Response initiated(Tpp tpp, String ok, String body) {
        Response created = tpp.post(PAYMENTS, paymentHeaders(ok, null), body);
        assertStatus(201, created);
        return created;
    }

    static String transactionStatus(Tpp tpp, String payment) {
        return tpp.get(payment + "/status").jsonPath().getString("transactionStatus");
    }

    /** The payment's status once the bank has decided it (ACSC, RJCT or CANC), polled while it has not. */
    private static String finalStatus(Tpp tpp, String payment, String what) {
        return eventually(what, () -> transactionStatus(tpp, payment),
                status -> List.of("ACSC", "RJCT", "CANC").contains(status));
    }

    static Map<String, String> paymentHeaders(String ok, String nok) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("PSU-IP-Address", PSU_IP);
        headers.put("TPP-Redirect-Preferred", "true");
        headers.put("TPP-Redirect-URI", ok);
        if (nok != null) {
            headers.put("TPP-Nok-Redirect-URI", nok);
        }
        return headers;
    }

    static Map<String, String> cancelHeaders() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("TPP-Redirect-Preferred", "true");
        headers.put("TPP-Redirect-URI", redirectUri("cancelled"));
        return headers;
    }

    /** A credit transfer to {@code CREDITOR}; without a debtor IBAN the PSU chooses the account at the bank. */
    static String paymentBody(String debtorIban, String amount, String endToEnd, String executionDate) {
        return """
                {%s
                 "instructedAmount": {"currency": "EUR", "amount": "%s"},
                 "creditorAccount": {"iban": "%s"},
                 "creditorName": "Merchant GmbH",
                 "creditorAddress": {"streetName": "Hauptstrasse", "buildingNumber": "1", "townName": "Berlin",
                                     "postCode": "10115", "country": "DE"},
                 "remittanceInformationUnstructured": "Invoice 4711",
                 "endToEndIdentification": "%s"%s}
                """.formatted(debtorIban == null ? "" : "\"debtorAccount\": {\"iban\": \"" + debtorIban + "\"},",
                amount, CREDITOR, endToEnd,
                executionDate == null ? "" : ", \"requestedExecutionDate\": \"" + executionDate + "\"");
    }

    /** The account's interimAvailable balance. */
    static BigDecimal balance(Tpp tpp, String consentId, String account) {
        Response balances = tpp.get(ACCOUNTS + "/" + account + "/balances", consent(consentId));
        assertStatus(200, balances);
        String amount = balances.jsonPath().getString("balances.find { it.balanceType == 'interimAvailable' }.balanceAmount.amount");
        assertNotNull(amount, balances.asString());
        return new BigDecimal(amount);
    }

    static void refresh(Tpp tpp, String consentId) {
        Response refresh = tpp.post(ACCOUNTS + "/refresh", consent(consentId), "{\"initiatedByCustomer\": true}");
        assertStatus(200, refresh);
        String status = eventually("the refresh finishing",
                () -> tpp.get(ACCOUNTS + "/refresh/status", consent(consentId)).jsonPath().getString("status"),
                s -> !List.of("notInitiated", "processing", "fetching").contains(s));
        assertEquals("fetchingFinished", status);
    }
}
