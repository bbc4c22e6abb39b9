package eu.xs2a.sandbox;

import static eu.xs2a.sandbox.Bank.api;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Bulk payments (BANK-API.md "Bulk payments"): one SCA; without batch booking each entry executed on its own (an
 * entry the funds cannot cover rejected alone, AM04, the others booked: PART), with batch booking one debit of the
 * total or the whole bulk rejected; Verification of Payee for every entry, on the PSU's page too.
 */
@QuarkusTest
class BulkPaymentApiTest {

    private static final String TOO_MUCH = "999999999.00";

    private static Map<String, Object> entry(String amount, String iban, String name) {
        return Map.of("creditorName", name, "creditorAccount", Map.of("iban", iban),
                "instructedAmount", Map.of("currency", "EUR", "amount", amount),
                "remittanceInformationUnstructured", "Bulk " + amount, "endToEndIdentification", "BULK-" + amount);
    }

    @SafeVarargs
    private static Map<String, Object> bulk(Boolean batchBooking, Map<String, Object>... entries) {
        Map<String, Object> order = Bank.payment(Bank.PSU1_BUSINESS, "1.00");
        for (String single : List.of("creditorName", "creditorAccount", "instructedAmount",
                "remittanceInformationUnstructured", "endToEndIdentification")) {
            order.remove(single);
        }
        if (batchBooking != null) {
            order.put("batchBookingPreferred", batchBooking);
        }
        order.put("payments", List.of(entries));
        return order;
    }

    private static String approved(Map<String, Object> order) {
        Response created = Bank.submitPayment(order);
        assertEquals("RCVD", created.path("transactionStatus"));
        PsuBrowser browser = PsuBrowser.open(created.path("scaUrl"));
        browser.login("psu1", "sandbox").then().statusCode(303);
        // the PSU sees every credit transfer with its own name check
        browser.get("decision").then().statusCode(200).body(containsString("bulk-entries"))
                .body(containsString("The name matches the account holder."))
                .body(containsString("could not be checked"));
        browser.decide("approve").then().statusCode(303);
        browser.otp("123456").then().statusCode(303);
        return created.path("bankPaymentId");
    }

    @Test
    void withoutBatchBookingAnUncoveredEntryIsRejectedAloneAndTheOthersAreBooked() {
        String consent = Bank.validConsent(Bank.allPsd2(), "psu1");
        BigDecimal before = new BigDecimal(Bank.balance(consent, "psu1-business", "closingBooked"));
        String id = approved(bulk(null, entry("1.10", Bank.FOREIGN, "Max Creditor"), entry(TOO_MUCH, Bank.FOREIGN,
                "Max Creditor"), entry("1.20", Bank.PSU1_SAVINGS, "Erika Mustermann")));
        Bank.getPayment(id).then().body("transactionStatus", equalTo("ACSP"))
                .body("payments.transactionStatus", equalTo(List.of("ACSP", "RJCT", "ACSP")))
                .body("payments[1].statusReason", equalTo("AM04"))
                .body("payments[0].payeeVerification.result", equalTo("NOAP"))
                .body("payments[2].payeeVerification.result", equalTo("MTCH"));
        Bank.eventually(() -> "PART".equals(Bank.getPayment(id).path("transactionStatus")), "bulk settled");
        Bank.getPayment(id).then().body("payments.transactionStatus", equalTo(List.of("ACSC", "RJCT", "ACSC")));
        assertEquals(before.subtract(new BigDecimal("2.30")),
                new BigDecimal(Bank.balance(consent, "psu1-business", "closingBooked")), "two debits booked");
    }

    @Test
    void withBatchBookingTheTotalIsOneDebitOrTheWholeBulkIsRejected() {
        String rejected = approved(bulk(true, entry("1.00", Bank.FOREIGN, "Max Creditor"),
                entry(TOO_MUCH, Bank.PSU1_SAVINGS, "Erika Mustermann")));
        Bank.getPayment(rejected).then().body("transactionStatus", equalTo("RJCT")).body("statusReason", equalTo("AM04"))
                .body("payments.transactionStatus", equalTo(List.of("RJCT", "RJCT")));

        String consent = Bank.validConsent(Bank.allPsd2(), "psu1");
        BigDecimal before = new BigDecimal(Bank.balance(consent, "psu1-business", "closingBooked"));
        String booked = approved(bulk(true, entry("1.00", Bank.FOREIGN, "Max Creditor"),
                entry("2.00", Bank.PSU1_SAVINGS, "Erika Mustermann")));
        Bank.eventually(() -> "ACSC".equals(Bank.getPayment(booked).path("transactionStatus")), "bulk settled");
        Bank.getPayment(booked).then().body("batchBooking", equalTo(true))
                .body("payments.transactionStatus", equalTo(List.of("ACSC", "ACSC")));
        assertEquals(before.subtract(new BigDecimal("3.00")),
                new BigDecimal(Bank.balance(consent, "psu1-business", "closingBooked")));
        List<Map<String, Object>> transactions = api().get("/bank/v1/consents/" + consent
                        + "/accounts/psu1-business/transactions?bookingStatus=booked&size=5")
                .then().statusCode(200).extract().path("transactions");
        assertTrue(transactions.stream().anyMatch(t -> "2 payments".equals(t.get("creditorName"))
                && "-3.00".equals(((Map<?, ?>) t.get("transactionAmount")).get("amount"))),
                "one debit of the total: " + transactions);
    }

    @Test
    void aBadEntryIsRefusedNamingIt() {
        List<Map<String, Object>> none = new ArrayList<>();
        Map<String, Object> empty = bulk(null);
        empty.put("payments", none);
        api().body(empty).post("/bank/v1/payments").then().statusCode(400)
                .body(containsString("payments must hold 1 to 1000"));
        api().body(bulk(null, entry("1.00", Bank.FOREIGN, "Max"), entry("1.00", "DE00123", "Max")))
                .post("/bank/v1/payments").then().statusCode(400)
                .body(containsString("payments[1].creditorAccount.iban must be a valid IBAN"));
        Map<String, Object> noDebtor = bulk(null, entry("1.00", Bank.FOREIGN, "Max"));
        noDebtor.remove("debtorAccount");
        api().body(noDebtor).post("/bank/v1/payments").then().statusCode(400)
                .body(containsString("debtorAccount is required for a bulk payment"));
    }
}
