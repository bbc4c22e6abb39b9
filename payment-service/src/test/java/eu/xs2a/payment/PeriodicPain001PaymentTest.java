package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Sca;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.testsupport.BankDates;
import eu.xs2a.testsupport.BodyMutations;
import eu.xs2a.testsupport.Sql;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A periodic payment of a pain.001 product, initiated in Berlin Group's multipart form (periodicPaymentInitiation-
 * MultipartBody): the document of one payment in part {@code xml_sct}, the standing order's terms as JSON in part
 * {@code json_standingorderType}; read as a JSON standing order or as the form initiated, its status also as pain.002,
 * authorised as any payment. Every malformed form is a FormatError that stores nothing.
 */
@QuarkusTest
class PeriodicPain001PaymentTest {

    private static final String PERIODIC = "/sandbox/api/berlingroup/v1/periodic-payments/"
            + "pain.001-sepa-credit-transfers";
    private static final String BOUNDARY = "x-periodic-7f3a";
    private static final String MULTIPART = "multipart/form-data; boundary=" + BOUNDARY;

    @Inject AgroalDataSource dataSource;

    private static LocalDate start() {
        return BankDates.today("sandbox").plusDays(30);
    }

    private static String document(LocalDate executionDate, String transactions) {
        return Pain001PaymentTest.document("", executionDate.toString(), transactions);
    }

    private static String terms(LocalDate start) {
        return "{\"startDate\": \"" + start + "\", \"endDate\": \"" + start.plusMonths(6) + "\", "
                + "\"executionRule\": \"following\", \"frequency\": \"Monthly\", \"dayOfExecution\": \"1\"}";
    }

    /** A form-data part as a browser or an HTTP library writes it (CRLF line ends). */
    private static String part(String name, String contentType, String content) {
        return "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\nContent-Type: "
                + contentType + "\r\n\r\n" + content + "\r\n";
    }

    private static String form(String... parts) {
        return String.join("", parts) + "--" + BOUNDARY + "--\r\n";
    }

    private static String valid() {
        return form(part("xml_sct", "application/xml", document(start(), Pain001PaymentTest.transaction("E2E-PER-1",
                "25.00"))), part("json_standingorderType", "application/json", terms(start())));
    }

    private static Response initiate(String contentType, String body) {
        return Tpps.send(ALPHA, "POST", PERIODIC, headers("Content-Type", contentType), body);
    }

    private long payments() throws SQLException {
        return new Sql(dataSource).number("select count(*) from payment");
    }

    private ValidatableResponse refused(String contentType, String body, String message) throws SQLException {
        long before = payments();
        ValidatableResponse refusal = Errors.expect(initiate(contentType, body), 400, "FormatError")
                .body("error_message", containsString(message));
        assertEquals(before, payments(), "nothing is stored for a refused form");
        return refusal;
    }

    @Test
    void theMultipartFormIsAStandingOrderOfTheDocumentsPayment() throws Exception {
        LocalDate start = start();
        Response created = initiate(MULTIPART, valid());
        created.then().statusCode(201).body("transactionStatus", equalTo("RCVD"))
                .body("_links.self.href", containsString("/periodic-payments/pain.001-sepa-credit-transfers/"));
        String self = created.jsonPath().getString("_links.self.href");
        Tpps.get(ALPHA, self).then().statusCode(200)
                .body("startDate", equalTo(start.toString()))
                .body("endDate", equalTo(start.plusMonths(6).toString()))
                .body("frequency", equalTo("Monthly"))
                .body("dayOfExecution", equalTo("1"))
                .body("requestedExecutionDate", nullValue())
                .body("debtorAccount.iban", equalTo(Pain001PaymentTest.PSU1_BUSINESS))
                .body("instructedAmount.amount", equalTo("25.00"))
                .body("creditorName", equalTo("Merchant GmbH"))
                .body("endToEndIdentification", equalTo("E2E-PER-1"));
        // its status as pain.002, naming the document
        Response report = Tpps.send(ALPHA, "GET", self + "/status", Map.of("Accept", "application/xml"), null);
        report.then().statusCode(200).header("Content-Type", equalTo("application/xml;charset=UTF-8"));
        assertTrue(report.asString().contains("<OrgnlMsgId>MSG-1</OrgnlMsgId>"), report.asString());
        assertTrue(report.asString().contains("<GrpSts>RCVD</GrpSts>"), report.asString());
        // asked for multipart/form-data, the read is the form as initiated; no single document holds the order
        Response form = Tpps.send(ALPHA, "GET", self, Map.of("Accept", "multipart/form-data"), null);
        form.then().statusCode(200);
        String type = form.getHeader("Content-Type");
        assertTrue(type.startsWith("multipart/form-data; boundary="), type);
        String[] parts = form.asString().split("--" + type.substring(type.indexOf('=') + 1), -1);
        assertEquals(4, parts.length, form.asString());
        assertEquals("\r\nContent-Disposition: form-data; name=\"xml_sct\"\r\nContent-Type: application/xml\r\n\r\n"
                + document(start, Pain001PaymentTest.transaction("E2E-PER-1", "25.00")) + "\r\n", parts[1]);
        assertEquals("\r\nContent-Disposition: form-data; name=\"json_standingorderType\"\r\nContent-Type: "
                + "application/json\r\n\r\n{\"startDate\":\"" + start + "\",\"endDate\":\"" + start.plusMonths(6)
                + "\",\"executionRule\":\"following\",\"frequency\":\"Monthly\",\"dayOfExecution\":\"1\"}\r\n",
                parts[2]);
        assertEquals("--\r\n", parts[3]);
        Errors.expect(Tpps.send(ALPHA, "GET", self, Map.of("Accept", "application/xml"), null), 406,
                "ActionNotAllowed").body("tppMessages[0].code", equalTo("REQUESTED_FORMATS_INVALID"));
        Tpps.send(ALPHA, "GET", self, Map.of("Accept", "application/json, multipart/form-data"), null).then()
                .statusCode(200).body("frequency", equalTo("Monthly"));

        assertEquals(Payments.TPP_OK, Sca.approve(created.jsonPath().getString("_links.scaRedirect.href"), "psu1"));
        Tpps.get(ALPHA, self + "/status").then().statusCode(200).body("transactionStatus", equalTo("ACSP"));
    }

    @Test
    void anythingButTheTwoPartFormIsRefused() throws SQLException {
        String document = document(start(), Pain001PaymentTest.transaction("E2E-PER-2", "25.00"));
        String terms = terms(start());
        refused("application/xml", document, "Content-Type must be multipart/form-data with a boundary (parts xml_sct"
                + " and json_standingorderType) for a periodic payment of a pain.001 product");
        refused("application/json", terms, "Content-Type must be multipart/form-data");
        refused("multipart/form-data", valid(), "Content-Type must be multipart/form-data with a boundary");
        refused(MULTIPART, form(part("xml_sct", "application/xml", document)), "The multipart body lacks its part"
                + " json_standingorderType");
        refused(MULTIPART, form(part("json_standingorderType", "application/json", terms)),
                "The multipart body lacks its part xml_sct");
        refused(MULTIPART, form(part("xml_sct", "application/xml", document), part("json_standingorderType",
                "application/json", terms), part("comment", "text/plain", "hi")),
                "The multipart body has a part named 'comment'; its parts are xml_sct and json_standingorderType");
        refused(MULTIPART, form(part("xml_sct", "application/xml", document), part("xml_sct", "application/xml",
                document), part("json_standingorderType", "application/json", terms)),
                "The multipart body has the part xml_sct more than once");
        refused(MULTIPART, "no parts at all", "The multipart body lacks its part");
    }

    @Test
    void eachPartMeetsItsOwnRules() throws SQLException {
        LocalDate start = start();
        String document = document(start, Pain001PaymentTest.transaction("E2E-PER-3", "25.00"));
        // the document's rules
        refused(MULTIPART, form(part("xml_sct", "application/xml", document.replace("<Nm>Merchant GmbH</Nm>", "")),
                part("json_standingorderType", "application/json", terms(start))),
                "does not match the pain.001.001.03 schema");
        refused(MULTIPART, form(part("xml_sct", "application/xml", document(start, Pain001PaymentTest.transaction(
                "E-1", "1.00") + Pain001PaymentTest.transaction("E-2", "2.00"))),
                part("json_standingorderType", "application/json", terms(start))),
                "The document holds more than one payment");
        // the terms' rules, and only terms in their part
        refused(MULTIPART, form(part("xml_sct", "application/xml", document), part("json_standingorderType",
                "application/json", "{\"startDate\": \"" + start + "\"}")), "frequency")
                .body("tppMessages[0].path", equalTo("json_standingorderType.frequency"));
        refused(MULTIPART, form(part("xml_sct", "application/xml", document), part("json_standingorderType",
                "application/json", terms(start).replace("Monthly", "Fortnightly"))), "frequency")
                .body("tppMessages[0].path", equalTo("json_standingorderType.frequency"));
        refused(MULTIPART, form(part("xml_sct", "application/xml", document), part("json_standingorderType",
                "application/json", terms(start).replace("}", ", \"instructedAmount\": {}}"))),
                "json_standingorderType: instructedAmount is not a field of the standing order's terms")
                .body("tppMessages[0].path", equalTo("json_standingorderType.instructedAmount"));
        refused(MULTIPART, form(part("xml_sct", "application/xml", document), part("json_standingorderType",
                "application/json", "[1]")), "json_standingorderType: The part must be a JSON object");
        refused(MULTIPART, form(part("xml_sct", "application/xml", document), part("json_standingorderType",
                "application/json", "")), "json_standingorderType: The part must be a JSON object");
        refused(MULTIPART, form(part("xml_sct", "application/xml", document), part("json_standingorderType",
                "application/json", "{\"startDate\": ")), "json_standingorderType: The request body is not valid JSON");
        refused(MULTIPART, form(part("xml_sct", "application/xml", document), part("json_standingorderType",
                "application/json", terms(start).replace("}", ", \"frequency\": \"Daily\"}"))),
                "json_standingorderType: Field 'frequency' is given twice");
        // both name the first execution
        refused(MULTIPART, form(part("xml_sct", "application/xml", document), part("json_standingorderType",
                "application/json", terms(start.plusDays(1)))), "xml_sct's ReqdExctnDt " + start
                + " must be json_standingorderType's startDate " + start.plusDays(1) + ": both name the first"
                + " execution");
    }

    /**
     * The terms part as a careless or hostile TPP writes it (xs2a-test-support's BodyMutations): every field of each
     * wrong type and out of range, left out, unknown fields, and parts that are no JSON object. Each answer is the
     * initiation's or the standard error, a refusal stores nothing, and a value of another JSON type is refused.
     */
    @Test
    void everyWrongTermsPartGetsAnAnswerOrTheStandardError() throws SQLException {
        LocalDate start = start();
        String document = document(start, Pain001PaymentTest.transaction("E2E-PER-4", "25.00"));
        List<String> findings = new ArrayList<>();
        for (BodyMutations.Mutation mutation : BodyMutations.of(terms(start))) {
            long before = payments();
            Response answer = initiate(MULTIPART, form(part("xml_sct", "application/xml", document),
                    part("json_standingorderType", "application/json", mutation.body())));
            String problem = BodyMutations.problem(answer, mutation.refused());
            if (problem == null && answer.statusCode() >= 400 && payments() != before) {
                problem = answer.statusCode() + " but a payment was stored";
            }
            if (problem != null) {
                findings.add(mutation.label() + ": " + problem);
            }
        }
        assertEquals(List.of(), findings);
    }
}
