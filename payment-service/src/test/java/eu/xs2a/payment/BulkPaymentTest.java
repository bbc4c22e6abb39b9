package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.payment.support.Await;
import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Sca;
import eu.xs2a.payment.support.Tpps;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Bulk payments (README "Bulk payments") against the real sandbox bank: one SCA for all entries; without batch
 * booking each entry executed on its own (an entry the funds cannot cover rejected alone, the bulk PART), with batch
 * booking one debit or the whole bulk rejected; each entry's own status and Verification of Payee in the read and the
 * status; every bad body a FormatError naming the field; the pain.001 form of a bulk.
 */
@QuarkusTest
class BulkPaymentTest {

    static final String BULK = "/sandbox/api/berlingroup/v1/bulk-payments/" + SCT;
    /** psu1's Girokonto, held by "Erika Mustermann"; psu1's Tagesgeld. */
    private static final String PSU1_MAIN = "DE49100200300100000011";
    private static final String PSU1_SAVINGS = "DE26100200300100000037";
    /** More than any sandbox account holds. */
    private static final String TOO_MUCH = "999999999.00";

    static String entry(String amount, String creditorIban, String creditorName) {
        return """
                {"instructedAmount": {"currency": "EUR", "amount": "%s"}, "creditorAccount": {"iban": "%s"},
                 "creditorName": "%s", "remittanceInformationUnstructured": "Bulk %s"}""".formatted(amount,
                creditorIban, creditorName, amount);
    }

    static String bulk(Boolean batchBooking, String... entries) {
        return "{" + (batchBooking == null ? "" : "\"batchBookingPreferred\": " + batchBooking + ", ")
                + "\"debtorAccount\": {\"iban\": \"" + PSU1_MAIN + "\"}, \"payments\": [" + String.join(", ", entries)
                + "]}";
    }

    private static Response initiate(String body) {
        return Tpps.send(ALPHA, "POST", BULK, headers(), body);
    }

    /** Initiates, has psu1 approve, waits for the bank's last word; returns the bulk's path. */
    private static String authorisedAndDecided(String body) {
        Response created = initiate(body);
        created.then().statusCode(201).body("transactionStatus", equalTo("RCVD"));
        String self = created.jsonPath().getString("_links.self.href");
        assertEquals(Payments.TPP_OK, Sca.approve(created.jsonPath().getString("_links.scaRedirect.href"), "psu1"));
        Await.until(() -> Payments.status(self), s -> List.of("ACSC", "PART", "RJCT").contains(s),
                "the bank's decision on the bulk");
        return self;
    }

    @Test
    void withoutBatchBookingAnEntryTheFundsCannotCoverIsRejectedAloneAndTheBulkEndsPart() {
        String self = authorisedAndDecided(bulk(null, entry("1.10", Payments.CREDITOR_IBAN, "Merchant GmbH"),
                entry(TOO_MUCH, Payments.CREDITOR_IBAN, "Merchant GmbH"),
                entry("1.30", PSU1_SAVINGS, "Erika Mustermann")));
        Await.until(() -> Payments.status(self), "PART"::equals, "settlement of the covered entries");
        Tpps.get(ALPHA, self).then().statusCode(200)
                .body("transactionStatus", equalTo("PART"))
                .body("debtorAccount.iban", equalTo(PSU1_MAIN))
                .body("payments", hasSize(3))
                .body("payments[0].instructedAmount.amount", equalTo("1.10"))
                .body("payments[0].transactionStatus", equalTo("ACSC"))
                .body("payments[1].transactionStatus", equalTo("RJCT"))
                .body("payments[2].transactionStatus", equalTo("ACSC"))
                // Verification of Payee for each entry
                .body("payments[0].payeeVerification.result", equalTo("NOAP"))
                .body("payments[2].payeeVerification.result", equalTo("MTCH"));
        Tpps.get(ALPHA, self + "/status").then().statusCode(200)
                .body("transactionStatus", equalTo("PART"))
                .body("payments.transactionStatus", equalTo(List.of("ACSC", "RJCT", "ACSC")));
    }

    @Test
    void everyEntryBookedIsAcsc() {
        String self = authorisedAndDecided(bulk(false, entry("1.01", Payments.CREDITOR_IBAN, "Merchant GmbH"),
                entry("1.02", Payments.CREDITOR_IBAN, "Merchant GmbH")));
        Await.until(() -> Payments.status(self), "ACSC"::equals, "settlement");
        Tpps.get(ALPHA, self + "/status").then().statusCode(200)
                .body("payments.transactionStatus", equalTo(List.of("ACSC", "ACSC")));
        Tpps.get(ALPHA, self + "/authorisations").then().statusCode(200).body("authorisationIds", hasSize(1));
    }

    @Test
    void withBatchBookingTheWholeBulkIsRejectedWhenTheTotalIsNotCovered() {
        String self = authorisedAndDecided(bulk(true, entry("1.00", Payments.CREDITOR_IBAN, "Merchant GmbH"),
                entry(TOO_MUCH, Payments.CREDITOR_IBAN, "Merchant GmbH")));
        Tpps.get(ALPHA, self).then().statusCode(200)
                .body("transactionStatus", equalTo("RJCT"))
                .body("batchBookingPreferred", equalTo(true))
                .body("payments.transactionStatus", equalTo(List.of("RJCT", "RJCT")));
    }

    @Test
    void withBatchBookingACoveredBulkIsBookedAtOnce() {
        String self = authorisedAndDecided(bulk(true, entry("1.00", Payments.CREDITOR_IBAN, "Merchant GmbH"),
                entry("2.00", Payments.CREDITOR_IBAN, "Merchant GmbH")));
        Await.until(() -> Payments.status(self), "ACSC"::equals, "settlement");
        Tpps.get(ALPHA, self + "/status").then().statusCode(200)
                .body("payments.transactionStatus", equalTo(List.of("ACSC", "ACSC")));
    }

    @Test
    void aBulkIsCancelledBeforeScaAndIsNoSinglePayment() {
        Response created = initiate(bulk(null, entry("1.00", Payments.CREDITOR_IBAN, "Merchant GmbH")));
        created.then().statusCode(201);
        String self = created.jsonPath().getString("_links.self.href");
        String id = created.jsonPath().getString("paymentId");
        assertEquals(BULK + "/" + id, self);
        // the single payments' path does not know a bulk
        Errors.expect(Tpps.get(ALPHA, Payments.path("sandbox", SCT) + "/" + id), 404, "ResourceUnknown");
        Tpps.send(ALPHA, "DELETE", self, headers(), null).then().statusCode(204);
        Tpps.get(ALPHA, self + "/status").then().statusCode(200).body("transactionStatus", equalTo("CANC"))
                .body("payments.transactionStatus", equalTo(List.of("CANC")));
        // and the bulk path does not know a single payment
        String single = Payments.create(ALPHA, "1.00");
        Errors.expect(Tpps.get(ALPHA, BULK + single.substring(single.lastIndexOf('/'))), 404, "ResourceUnknown");
    }

    /** The one SCA of a bulk by every approach a single payment has: here embedded, through the TPP. */
    @Test
    void anEmbeddedBulkIsAuthorisedThroughTheTpp() {
        Map<String, String> embedded = headers("TPP-Redirect-Preferred", "false");
        embedded.put("PSU-ID", "psu1");
        Response created = Tpps.send(ALPHA, "POST", BULK, embedded, bulk(null,
                entry("1.40", Payments.CREDITOR_IBAN, "Merchant GmbH"), entry("1.50", PSU1_SAVINGS, "Erika Mustermann")));
        created.then().statusCode(201).header("ASPSP-SCA-Approach", "EMBEDDED");
        String auth = created.jsonPath().getString("_links.updatePsuAuthentication.href");
        String self = created.jsonPath().getString("_links.self.href");
        Tpps.send(ALPHA, "PUT", auth, Map.of("PSU-ID", "psu1"), "{\"psuData\": {\"password\": \"sandbox\"}}")
                .then().statusCode(200).body("scaStatus", equalTo("psuAuthenticated"));
        Tpps.send(ALPHA, "PUT", auth, Map.of(), "{\"authenticationMethodId\": \"sms\"}").then().statusCode(200);
        Tpps.send(ALPHA, "PUT", auth, Map.of(), "{\"scaAuthenticationData\": \"123456\"}").then().statusCode(200)
                .body("scaStatus", equalTo("finalised"));
        Await.until(() -> Payments.status(self), "ACSC"::equals, "settlement");
        Tpps.get(ALPHA, self).then().statusCode(200).body("payments.transactionStatus", equalTo(List.of("ACSC", "ACSC")));
    }

    private static void refused(String body, String message) {
        Errors.expect(initiate(body), 400, "FormatError").body("error_message", containsString(message));
    }

    /** Refused with the field at fault as the tppMessage's path, an entry's with its index. */
    private static void refused(String body, String message, String path) {
        Errors.expect(initiate(body), 400, "FormatError").body("error_message", containsString(message))
                .body("tppMessages[0].path", equalTo(path));
    }

    @Test
    void eachBadBodyIsAFormatErrorNamingTheField() {
        String ok = entry("1.00", Payments.CREDITOR_IBAN, "Merchant GmbH");
        refused("{\"payments\": [" + ok + "]}", "debtorAccount is required");
        refused(bulk(null), "payments is required");
        refused("{\"debtorAccount\": {\"iban\": \"" + PSU1_MAIN + "\"}}", "payments is required");
        refused(bulk(null, ok, "{\"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1.00\"},"
                + " \"creditorAccount\": {\"iban\": \"" + Payments.CREDITOR_IBAN + "\"}}"),
                "payments[1].creditorName is required", "payments[1].creditorName");
        refused(bulk(null, ok, entry("1.00", "DE00000", "X")), "payments[1].creditorAccount.iban",
                "payments[1].creditorAccount.iban");
        refused(bulk(null, ok.replace("{\"instructedAmount\"", "{\"debtorAccount\": {\"iban\": \"" + PSU1_MAIN
                + "\"}, \"instructedAmount\"")), "payments[0].debtorAccount is not allowed",
                "payments[0].debtorAccount");
        refused(bulk(null, ok.replace("{\"instructedAmount\"", "{\"requestedExecutionDate\": \""
                + LocalDate.now(Pain001PaymentTest.SANDBOX_ZONE).plusDays(1) + "\", \"instructedAmount\"")), "payments[0].requestedExecutionDate is not allowed");
        refused(bulk(null, ok.replace("\"EUR\"", "\"USD\"")), "payments[0]:", "payments[0].instructedAmount.currency");
        refused(bulk(null, ok, "null"), "payments[1] must be an object");
        refused(bulk(null, ok).replace("\"payments\": [", "\"batchBookingPreferred\": \"yes\", \"payments\": ["),
                "batchBookingPreferred");
        refused(bulk(null, ok).replace("\"payments\": [", "\"requestedExecutionDate\": \"2020-01-01\", \"payments\": ["),
                "requestedExecutionDate", "requestedExecutionDate");
        // a 1.3.6 field the gateway does not offer: refused, never taken and dropped
        refused(bulk(null, ok).replace("\"payments\": [", "\"requestedExecutionTime\": \"2026-12-02T18:00:00Z\","
                + " \"payments\": ["), "requestedExecutionTime is not offered", "requestedExecutionTime");
        refused(bulk(null, ok).replace("\"payments\": [", "\"requestedExecutionDate\": \""
                + LocalDate.now(Pain001PaymentTest.SANDBOX_ZONE).plusDays(366) + "\", \"payments\": ["),
                "is too far ahead", "requestedExecutionDate");
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            many.add(ok);
        }
        refused(bulk(null, many.toArray(String[]::new)), "payments has 101 entries; a bulk payment has at most 100",
                "payments");
    }

    @Test
    void aPain001DocumentOfSeveralPaymentsIsABulk() {
        String document = Pain001PaymentTest.document("", LocalDate.now(Pain001PaymentTest.SANDBOX_ZONE).toString(),
                Pain001PaymentTest.transaction("E2E-B-1", "1.00") + Pain001PaymentTest.transaction("E2E-B-2", "2.00"));
        Response created = Tpps.send(ALPHA, "POST", "/sandbox/api/berlingroup/v1/bulk-payments/pain.001-" + SCT,
                headers("Content-Type", "application/xml"), document);
        created.then().statusCode(201).body("transactionStatus", equalTo("RCVD"));
        Tpps.get(ALPHA, created.jsonPath().getString("_links.self.href")).then().statusCode(200)
                .body("payments", hasSize(2))
                .body("payments[1].endToEndIdentification", equalTo("E2E-B-2"))
                .body("payments[1].instructedAmount.amount", equalTo("2.00"))
                .body("debtorAccount.iban", equalTo(Pain001PaymentTest.PSU1_BUSINESS))
                .body("batchBookingPreferred", nullValue());
        // asked for XML, the read is the document as sent
        assertEquals(document, Tpps.send(ALPHA, "GET", created.jsonPath().getString("_links.self.href"),
                Map.of("Accept", "application/xml"), null).then().statusCode(200).extract().asString());
    }

    @Test
    void theSingleBodyIsNoBulk() {
        refused(Payments.body("1.00"), "debtorAccount is required");
        Map<String, String> xml = headers("Content-Type", "application/xml");
        Errors.expect(Tpps.send(ALPHA, "POST", BULK, xml, "<x/>"), 400, "FormatError");
    }
}
