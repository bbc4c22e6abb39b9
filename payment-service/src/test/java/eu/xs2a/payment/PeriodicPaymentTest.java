package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.TPP_NOK;
import static eu.xs2a.payment.support.Payments.TPP_OK;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static eu.xs2a.payment.support.Tpps.BETA;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Sca;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.testsupport.BankDates;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Periodic payments (Berlin Group periodic-payments, issue 52): the initiation with its standing-order terms, each of
 * them refused with a FormatError naming it when wrong; read, status, authorisation by redirect and embedded SCA,
 * cancellation and Verification of Payee through the same code paths as a single payment, against the real sandbox.
 */
@QuarkusTest
class PeriodicPaymentTest {

    private static final String SCT = Payments.SCT;
    private static final String PERIODIC = "/sandbox/api/berlingroup/v1/periodic-payments/" + SCT;
    private static final Map<String, String> CANCEL = Map.of("TPP-Redirect-URI", TPP_OK, "TPP-Nok-Redirect-URI",
            TPP_NOK);

    private static LocalDate today() {
        return BankDates.today("sandbox");
    }

    /** A monthly order from {@code start}; {@code terms} adds or replaces the standing-order fields (raw JSON). */
    private static String body(String creditorName, String creditorIban, String terms) {
        return """
                {"instructedAmount": {"currency": "EUR", "amount": "25.00"},
                 "debtorAccount": {"iban": "DE48100200300100000029"},
                 "creditorAccount": {"iban": "%s"}, "creditorName": "%s",
                 "remittanceInformationUnstructured": "Rent",
                 %s}
                """.formatted(creditorIban, creditorName, terms);
    }

    private static String terms(LocalDate start) {
        return "\"startDate\": \"" + start + "\", \"endDate\": \"" + start.plusMonths(6) + "\", "
                + "\"executionRule\": \"following\", \"frequency\": \"Monthly\", \"dayOfExecution\": \"1\"";
    }

    private static String monthly() {
        return body("Merchant GmbH", Payments.CREDITOR_IBAN, terms(today().plusDays(30)));
    }

    private static Response initiate(Map<String, String> headers, String body) {
        return Tpps.send(ALPHA, "POST", PERIODIC, headers, body);
    }

    private static String status(String self) {
        return Tpps.get(ALPHA, self + "/status").then().statusCode(200).extract().path("transactionStatus");
    }

    /**
     * A standing order is initiated in JSON: XML of its status or read, or its read as a multipart form, is
     * REQUESTED_FORMATS_INVALID.
     */
    @Test
    void aStandingOrderInitiatedInJsonIsAnsweredInJsonOnly() {
        Response created = initiate(headers(), monthly());
        created.then().statusCode(201);
        String self = created.jsonPath().getString("_links.self.href");
        Map<String, String> xml = Map.of("Accept", "application/xml");
        Errors.expect(Tpps.send(ALPHA, "GET", self + "/status", xml, null), 406, "ActionNotAllowed")
                .body("tppMessages[0].code", equalTo("REQUESTED_FORMATS_INVALID"));
        Errors.expect(Tpps.send(ALPHA, "GET", self, xml, null), 406, "ActionNotAllowed")
                .body("tppMessages[0].code", equalTo("REQUESTED_FORMATS_INVALID"));
        Errors.expect(Tpps.send(ALPHA, "GET", self, Map.of("Accept", "multipart/form-data"), null), 406,
                "ActionNotAllowed").body("tppMessages[0].code", equalTo("REQUESTED_FORMATS_INVALID"))
                .body("tppMessages[0].text", equalTo("The multipart form is answered for periodic payments initiated"
                        + " with one; accept application/json"));
    }

    @Test
    void aStandingOrderIsAuthorisedReadAndCancelledLikeAPayment() {
        LocalDate start = today().plusDays(30);
        Response created = initiate(headers(), monthly());
        created.then().statusCode(201)
                .header("ASPSP-SCA-Approach", "REDIRECT")
                .header("Location", startsWith(PERIODIC + "/"))
                .body("transactionStatus", equalTo("RCVD"))
                .body("_links.self.href", startsWith(PERIODIC + "/"))
                .body("_links.status.href", startsWith(PERIODIC + "/"))
                .body("_links.scaRedirect.href", containsString("/periodic-payments/" + SCT + "/"))
                .body("payeeVerification.result", equalTo("NOAP"));
        String self = created.path("_links.self.href");
        String paymentId = created.path("paymentId");

        Tpps.get(ALPHA, self).then().statusCode(200)
                .body("startDate", equalTo(start.toString()))
                .body("endDate", equalTo(start.plusMonths(6).toString()))
                .body("executionRule", equalTo("following"))
                .body("frequency", equalTo("Monthly"))
                .body("dayOfExecution", equalTo("1"))
                .body("requestedExecutionDate", nullValue())
                .body("creditorName", equalTo("Merchant GmbH"))
                .body("transactionStatus", equalTo("RCVD"));
        // a periodic payment is not a single payment, and another TPP's is unknown
        Errors.expect(Tpps.get(ALPHA, Payments.path("sandbox", SCT) + "/" + paymentId), 404, "ResourceUnknown");
        Errors.expect(Tpps.get(BETA, self), 404, "ResourceUnknown");

        assertEquals(TPP_OK, Sca.approve(created.path("_links.scaRedirect.href"), "psu1"));
        assertEquals("ACSP", status(self), "accepted: the bank executes each occurrence on its day");
        Tpps.get(ALPHA, self + "/authorisations").then().statusCode(200);

        // nothing ran yet (the first day is a month away): the cancellation, once the PSU authorises it, is CANC
        Response cancellation = Tpps.send(ALPHA, "DELETE", self, CANCEL, null);
        cancellation.then().statusCode(202)
                .body("_links.scaStatus.href", startsWith(self + "/cancellation-authorisations/"));
        assertEquals(TPP_OK, Sca.approve(cancellation.path("_links.scaRedirect.href"), "psu1"));
        assertEquals("CANC", status(self));
        Errors.expect(Tpps.send(ALPHA, "DELETE", self, CANCEL, null), 405, "CancellationInvalid");
    }

    @Test
    void notYetAuthorisedItIsCancelledAtOnce() {
        String self = initiate(headers(), monthly()).then().statusCode(201).extract().path("_links.self.href");
        Tpps.send(ALPHA, "DELETE", self, CANCEL, null).then().statusCode(204);
        assertEquals("CANC", status(self));
    }

    @Test
    void embeddedScaAuthorisesItToo() {
        Map<String, String> embedded = headers("TPP-Redirect-URI", null);
        embedded.remove("TPP-Nok-Redirect-URI");
        embedded.put("TPP-Redirect-Preferred", "false");
        embedded.put("PSU-ID", "psu-embedded");
        String body = """
                {"instructedAmount": {"currency": "EUR", "amount": "2.00"},
                 "creditorAccount": {"iban": "%s"}, "creditorName": "Merchant GmbH",
                 "startDate": "%s", "frequency": "Weekly"}""".formatted(Payments.CREDITOR_IBAN, today().plusDays(9));
        Response created = initiate(embedded, body);
        created.then().statusCode(201).header("ASPSP-SCA-Approach", "EMBEDDED");
        String auth = created.path("_links.updatePsuAuthentication.href");
        assertEquals(200, Tpps.send(ALPHA, "PUT", auth, Map.of(), "{\"psuData\":{\"password\":\"sandbox\"}}")
                .statusCode());
        Tpps.send(ALPHA, "PUT", auth, Map.of(), "{\"scaAuthenticationData\":\"123456\"}").then().statusCode(200)
                .body("scaStatus", equalTo("finalised"));
        String self = created.path("_links.self.href");
        assertEquals("ACSP", status(self));
        Tpps.get(ALPHA, self).then().body("frequency", equalTo("Weekly")).body("endDate", nullValue());
    }

    @Test
    void thePayeeIsVerifiedAsForASinglePayment() {
        Response created = initiate(headers(), body("Erika Musterman", "DE49100200300100000011",
                terms(today().plusDays(3))));
        created.then().statusCode(201).body("payeeVerification.result", equalTo("CMTC"))
                .body("payeeVerification.matchedName", equalTo("Erika Mustermann"));
        Tpps.get(ALPHA, created.path("_links.self.href") + "/status").then()
                .body("payeeVerification.result", equalTo("CMTC"));
    }

    @Test
    void everyWrongTermIsAFormatErrorNamingItsField() {
        LocalDate start = today().plusDays(5);
        Map<String, String> wrong = Map.ofEntries(
                Map.entry("\"frequency\": \"Monthly\"", "startDate"),
                Map.entry("\"startDate\": \"" + start + "\"", "frequency"),
                Map.entry("\"startDate\": \"" + today().minusDays(1) + "\", \"frequency\": \"Monthly\"", "startDate"),
                Map.entry("\"startDate\": \"2026-02-30\", \"frequency\": \"Monthly\"", "startDate"),
                Map.entry("\"startDate\": \"" + start + "\", \"endDate\": \"" + start.minusDays(1)
                        + "\", \"frequency\": \"Monthly\"", "endDate"),
                Map.entry("\"startDate\": \"" + start + "\", \"endDate\": \"soon\", \"frequency\": \"Monthly\"",
                        "endDate"),
                Map.entry("\"startDate\": \"" + start + "\", \"frequency\": \"Fortnightly\"", "frequency"),
                Map.entry("\"startDate\": \"" + start + "\", \"frequency\": \"monthly\"", "frequency"),
                Map.entry("\"startDate\": \"" + start + "\", \"frequency\": \"Monthly\", \"executionRule\": \"nearest\"",
                        "executionRule"),
                Map.entry("\"startDate\": \"" + start + "\", \"frequency\": \"Monthly\", \"dayOfExecution\": \"32\"",
                        "dayOfExecution"),
                Map.entry("\"startDate\": \"" + start + "\", \"frequency\": \"Monthly\", \"dayOfExecution\": \"0\"",
                        "dayOfExecution"),
                Map.entry("\"startDate\": \"" + start + "\", \"frequency\": \"Monthly\", \"dayOfExecution\": \"01\"",
                        "dayOfExecution"),
                Map.entry("\"startDate\": \"" + start + "\", \"frequency\": \"Monthly\", \"dayOfExecution\": 5",
                        "dayOfExecution"),
                Map.entry("\"startDate\": \"" + start + "\", \"frequency\": \"MonthlyVariable\"", "monthsOfExecution"),
                Map.entry("\"startDate\": \"" + start + "\", \"frequency\": \"Monthly\", \"monthsOfExecution\": [\"1\"]",
                        "monthsOfExecution"),
                Map.entry("\"startDate\": \"" + start + "\", \"frequency\": \"MonthlyVariable\","
                        + " \"monthsOfExecution\": [\"13\"]", "monthsOfExecution"),
                Map.entry("\"startDate\": \"" + start + "\", \"frequency\": \"MonthlyVariable\","
                        + " \"monthsOfExecution\": [\"3\", \"3\"]", "monthsOfExecution"),
                Map.entry("\"startDate\": \"" + start + "\", \"frequency\": \"Monthly\", \"requestedExecutionDate\": \""
                        + start + "\"", "requestedExecutionDate"));
        wrong.forEach((terms, field) -> {
            Response refused = initiate(headers(), body("Merchant GmbH", Payments.CREDITOR_IBAN, terms));
            Errors.expect(refused, 400, "FormatError");
            String text = refused.jsonPath().getString("tppMessages[0].text");
            assertEquals(true, text != null && text.contains(field), terms + " → " + refused.asString());
        });
        // the standard's own message code where it has one (a first execution in the past, an end before the start),
        // and the field at fault as the tppMessage's path
        Map<String, List<String>> codes = Map.of(
                "\"startDate\": \"" + today().minusDays(1) + "\", \"frequency\": \"Monthly\"",
                List.of("EXECUTION_DATE_INVALID", "startDate"),
                // beyond the provider's horizon (max-execution-days-ahead, 365 by default)
                "\"startDate\": \"" + today().plusDays(366) + "\", \"frequency\": \"Monthly\"",
                List.of("EXECUTION_DATE_INVALID", "startDate"),
                "\"startDate\": \"" + start + "\", \"endDate\": \"" + start.minusDays(1)
                        + "\", \"frequency\": \"Monthly\"", List.of("PERIOD_INVALID", "endDate"),
                "\"startDate\": \"" + start + "\", \"frequency\": \"Fortnightly\"",
                List.of("FORMAT_ERROR", "frequency"),
                "\"startDate\": \"" + start + "\", \"frequency\": \"MonthlyVariable\"",
                List.of("FORMAT_ERROR", "monthsOfExecution"));
        codes.forEach((terms, codeAndPath) -> Errors.expect(initiate(headers(), body("Merchant GmbH",
                Payments.CREDITOR_IBAN, terms)), 400, "FormatError").body("error_code", equalTo(codeAndPath.get(0)))
                .body("tppMessages[0].code", equalTo(codeAndPath.get(0)))
                .body("tppMessages[0].path", equalTo(codeAndPath.get(1))));
        // the 1.3.6 monthly variant, its months named once each
        initiate(headers(), body("Merchant GmbH", Payments.CREDITOR_IBAN, "\"startDate\": \"" + start
                + "\", \"frequency\": \"MonthlyVariable\", \"monthsOfExecution\": [\"1\", \"4\", \"10\"]"))
                .then().statusCode(201);
    }
}
