package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.CREDITOR;
import static eu.xs2a.e2e.support.BerlinGroup.P;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.restassured.response.Response;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bulk payments through the whole stack (payment-service README "Bulk payments"): one SCA in the browser for all the
 * entries; without batch booking the bank executes each entry on its own (an entry the funds cannot cover rejected,
 * the bulk PART; all booked, ACSC); with batch booking one debit of the total; a pain.001 document of several
 * payments. Every answer is checked against the Berlin Group file (the entries' own statuses are
 * {@code KnownDifferences.BULK_ENTRY_STATUS}).
 */
class BulkPaymentJourneyTest extends Journey {

    static final String BULK = P + "/v1/bulk-payments/sepa-credit-transfers";
    static final String PAIN_BULK = P + "/v1/bulk-payments/pain.001-sepa-credit-transfers";
    /** More than any sandbox account holds. */
    private static final String TOO_MUCH = "999999999.00";

    private static String entry(String amount, String iban, String name) {
        return """
                {"instructedAmount": {"currency": "EUR", "amount": "%s"}, "creditorAccount": {"iban": "%s"},
                 "creditorName": "%s", "remittanceInformationUnstructured": "Bulk entry %s"}""".formatted(amount,
                iban, name, amount);
    }

    private static String bulk(boolean batchBooking, String... entries) {
        return "{\"batchBookingPreferred\": " + batchBooking + ", \"debtorAccount\": {\"iban\": \"" + PSU1_MAIN
                + "\"}, \"payments\": [" + String.join(", ", entries) + "]}";
    }

    /** Initiated, approved by psu1 in the browser, and decided by the bank; the bulk's path. */
    private String approved(Tpp tpp, String path, java.util.Map<String, String> headers, String body) {
        String ok = redirectUri("paid");
        headers.put("TPP-Redirect-URI", ok);
        Response created = tpp.post(path, headers, body);
        assertStatus(201, created);
        assertEquals("RCVD", created.jsonPath().getString("transactionStatus"));
        String bulk = path + "/" + created.jsonPath().getString("paymentId");
        assertEquals(bulk, created.jsonPath().getString("_links.self.href"));
        assertEquals(ok, browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), "psu1"));
        assertStatus(200, tpp.get(bulk + "/authorisations"));
        return bulk;
    }

    private static String settled(Tpp tpp, String bulk, String expected) {
        return eventually("the bank settling " + bulk, () -> tpp.get(bulk + "/status").jsonPath()
                .getString("transactionStatus"), expected::equals);
    }

    @Test
    void anEntryTheFundsCannotCoverIsRejectedAloneAndTheBulkEndsPart() {
        Tpp tpp = newTpp("Bulk Pay", "PSP_PI");
        String bulk = approved(tpp, BULK, PaymentJourneyTest.paymentHeaders(redirectUri("paid"), null),
                bulk(false, entry("1.10", CREDITOR, "Merchant GmbH"), entry(TOO_MUCH, CREDITOR, "Merchant GmbH"),
                        entry("1.20", PSU1_SAVINGS, "Erika Mustermann")));
        settled(tpp, bulk, "PART");
        Response read = tpp.get(bulk);
        assertStatus(200, read);
        assertEquals(List.of("ACSC", "RJCT", "ACSC"), read.jsonPath().getList("payments.transactionStatus"));
        assertEquals("MTCH", read.jsonPath().getString("payments[2].payeeVerification.result"), read.asString());
        Response status = tpp.get(bulk + "/status");
        assertStatus(200, status);
        assertEquals(List.of("ACSC", "RJCT", "ACSC"), status.jsonPath().getList("payments.transactionStatus"));
    }

    @Test
    void aBulkWhoseEntriesAreAllCoveredEndsAcsc() {
        Tpp tpp = newTpp("Bulk Pay", "PSP_PI");
        String bulk = approved(tpp, BULK, PaymentJourneyTest.paymentHeaders(redirectUri("paid"), null),
                bulk(false, entry("1.01", CREDITOR, "Merchant GmbH"), entry("1.02", CREDITOR, "Merchant GmbH"),
                        entry("1.03", PSU1_SAVINGS, "Erika Mustermann")));
        settled(tpp, bulk, "ACSC");
        assertEquals(List.of("ACSC", "ACSC", "ACSC"), tpp.get(bulk).jsonPath().getList("payments.transactionStatus"));
    }

    @Test
    void aBatchBookedBulkIsOneDebit() {
        Tpp tpp = newTpp("Bulk Pay", "PSP_PI");
        String bulk = approved(tpp, BULK, PaymentJourneyTest.paymentHeaders(redirectUri("paid"), null),
                bulk(true, entry("2.01", CREDITOR, "Merchant GmbH"), entry("2.02", CREDITOR, "Merchant GmbH")));
        settled(tpp, bulk, "ACSC");
        Response read = tpp.get(bulk);
        assertEquals(true, read.jsonPath().getBoolean("batchBookingPreferred"));
        assertEquals(List.of("ACSC", "ACSC"), read.jsonPath().getList("payments.transactionStatus"));
    }

    @Test
    void aPain001DocumentOfSeveralPaymentsIsABulkToAcsc() {
        Tpp tpp = newTpp("Bulk Pay", "PSP_PI");
        String bulk = approved(tpp, PAIN_BULK, Pain001JourneyTest.xmlHeaders(redirectUri("paid")),
                Pain001JourneyTest.document(Pain001JourneyTest.transaction("E2E-PB-1", "1.11", "Merchant GmbH", CREDITOR)
                        + Pain001JourneyTest.transaction("E2E-PB-2", "1.12", "Erika Mustermann", PSU1_SAVINGS)));
        settled(tpp, bulk, "ACSC");
        Response read = tpp.get(bulk);
        assertStatus(200, read);
        assertEquals(List.of("E2E-PB-1", "E2E-PB-2"), read.jsonPath().getList("payments.endToEndIdentification"));
        assertEquals(List.of("ACSC", "ACSC"), read.jsonPath().getList("payments.transactionStatus"));
    }
}
