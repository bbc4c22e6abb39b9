package eu.xs2a.payment;

import eu.xs2a.testsupport.BodyMutations;
import eu.xs2a.testsupport.Pain001;
import eu.xs2a.testsupport.Sql;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.initiate;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.Tpps;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The pain.001 products: an ISO 20022 pain.001.001.03 document of one payment becomes the same payment as the JSON
 * body, answered in JSON; a DOCTYPE (and with it every external entity and entity bomb), a second payment, a missing
 * element and a wrong Content-Type are each a FormatError before anything is stored.
 */
@QuarkusTest
class Pain001PaymentTest {

    /** The sandbox provider's zone: its "today" decides whether an execution date is in the past. */
    static final ZoneId SANDBOX_ZONE = ZoneId.of("Europe/Berlin");

    private static final String SCT = "pain.001-sepa-credit-transfers";
    private static final String INSTANT = "pain.001-instant-sepa-credit-transfers";
    private static final String XML = "application/xml";
    /** psu1's Geschäftskonto, in euro. */
    static final String PSU1_BUSINESS = "DE48100200300100000029";

    @Inject AgroalDataSource dataSource;

    static String transaction(String endToEnd, String amount) {
        return """
                    <CdtTrfTxInf>
                      <PmtId><EndToEndId>%s</EndToEndId></PmtId>
                      <Amt><InstdAmt Ccy="EUR">%s</InstdAmt></Amt>
                      <CdtrAgt><FinInstnId><BIC>COBADEFFXXX</BIC></FinInstnId></CdtrAgt>
                      <Cdtr><Nm>Merchant GmbH</Nm>
                        <PstlAdr><Ctry>DE</Ctry><AdrLine>Hauptstrasse 1</AdrLine><AdrLine>10115 Berlin</AdrLine>
                          </PstlAdr></Cdtr>
                      <CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct>
                      <RmtInf><Ustrd>Invoice 4711</Ustrd></RmtInf>
                    </CdtTrfTxInf>
                """.formatted(endToEnd, amount);
    }

    static String document(String prolog, String executionDate, String transactions) {
        return Pain001.document(prolog, executionDate, PSU1_BUSINESS, transactions);
    }

    private static String valid() {
        return document(Pain001.XML_DECLARATION, LocalDate.now(SANDBOX_ZONE).toString(),
                transaction("E2E-PAIN-1", "12.30"));
    }

    private static Response post(String product, String contentType, String body) {
        return initiate(ALPHA, "sandbox", product, headers("Content-Type", contentType), body);
    }

    private long payments() throws SQLException {
        return new Sql(dataSource).number("select count(*) from payment");
    }

    /** Posts the body, expects a FormatError whose message starts so, and that no payment was stored. */
    private void refused(String product, String contentType, String body, String message) throws SQLException {
        long before = payments();
        Errors.expect(post(product, contentType, body), 400, "FormatError")
                .body("error_message", containsString(message));
        assertEquals(before, payments(), "nothing is stored for a refused document");
    }

    @Test
    void aDocumentOfOnePaymentIsInitiatedAndReadAsJson() {
        Response created = post(SCT, XML, valid());
        created.then().statusCode(201)
                .header("Content-Type", startsWith("application/json"))
                .body("transactionStatus", equalTo("RCVD"))
                .body("_links.scaRedirect.href", containsString("/sca-redirect?token="));
        String self = created.jsonPath().getString("_links.self.href");
        assertEquals(true, self.contains("/v1/payments/" + SCT + "/"), self);
        Tpps.get(ALPHA, self).then().statusCode(200)
                .header("Content-Type", startsWith("application/json"))
                .body("debtorAccount.iban", equalTo(PSU1_BUSINESS))
                .body("instructedAmount.currency", equalTo("EUR"))
                .body("instructedAmount.amount", equalTo("12.30"))
                .body("creditorAccount.iban", equalTo("DE89370400440532013000"))
                .body("creditorAgent", equalTo("COBADEFFXXX"))
                .body("creditorName", equalTo("Merchant GmbH"))
                .body("creditorAddress.streetName", equalTo("Hauptstrasse 1"))
                .body("creditorAddress.townName", equalTo("10115 Berlin"))
                .body("creditorAddress.country", equalTo("DE"))
                .body("remittanceInformationUnstructured", equalTo("Invoice 4711"))
                .body("endToEndIdentification", equalTo("E2E-PAIN-1"))
                .body("transactionStatus", equalTo("RCVD"));
        Tpps.get(ALPHA, self + "/status").then().statusCode(200).body("transactionStatus", equalTo("RCVD"));
        // the payment belongs to its product: the JSON product's path does not know it
        Tpps.get(ALPHA, self.replace("/" + SCT + "/", "/sepa-credit-transfers/")).then().statusCode(404);
    }

    /** Asked for XML, the read answers the document as it was sent, byte for byte; JSON stays the default. */
    @Test
    void theReadInXmlIsTheDocumentAsSent() {
        String document = valid();
        Response created = post(SCT, XML, document);
        created.then().statusCode(201);
        String self = created.jsonPath().getString("_links.self.href");
        Response xml = Tpps.send(ALPHA, "GET", self, java.util.Map.of("Accept", "application/xml"), null);
        xml.then().statusCode(200).header("Content-Type", startsWith("application/xml"));
        assertEquals(document, xml.asString());
        Tpps.send(ALPHA, "GET", self, java.util.Map.of("Accept", "application/json, application/xml"), null).then()
                .statusCode(200).header("Content-Type", startsWith("application/json"))
                .body("endToEndIdentification", equalTo("E2E-PAIN-1"));
    }

    /**
     * pain.001.001.09: the execution date in ReqdExctnDt/Dt, the agent's BICFI, a structured address; read into the
     * same fields.
     */
    @Test
    void aVersion09DocumentIsInitiatedAndReadAsJson() throws SQLException {
        String v09 = valid().replace("pain.001.001.03", "pain.001.001.09")
                .replaceAll("<ReqdExctnDt>([0-9-]+)</ReqdExctnDt>", "<ReqdExctnDt><Dt>$1</Dt></ReqdExctnDt>")
                .replace("<BIC>", "<BICFI>").replace("</BIC>", "</BICFI>")
                .replace("<Ctry>DE</Ctry><AdrLine>Hauptstrasse 1</AdrLine><AdrLine>10115 Berlin</AdrLine>",
                        "<StrtNm>Hauptstrasse</StrtNm><BldgNb>1</BldgNb><PstCd>10115</PstCd><TwnNm>Berlin</TwnNm>"
                                + "<Ctry>DE</Ctry>");
        Response created = post(SCT, XML, v09);
        created.then().statusCode(201).body("transactionStatus", equalTo("RCVD"));
        Tpps.get(ALPHA, created.jsonPath().getString("_links.self.href")).then().statusCode(200)
                .body("debtorAccount.iban", equalTo(PSU1_BUSINESS))
                .body("instructedAmount.amount", equalTo("12.30"))
                .body("creditorAgent", equalTo("COBADEFFXXX"))
                .body("creditorAddress.streetName", equalTo("Hauptstrasse"))
                .body("creditorAddress.buildingNumber", equalTo("1"))
                .body("creditorAddress.postCode", equalTo("10115"))
                .body("creditorAddress.townName", equalTo("Berlin"))
                .body("requestedExecutionDate", equalTo(LocalDate.now(SANDBOX_ZONE).toString()))
                .body("endToEndIdentification", equalTo("E2E-PAIN-1"));
        refused(SCT, XML, v09.replaceAll("<Dt>([0-9-]+)</Dt>", "<DtTm>$1T10:00:00</DtTm>"),
                "ReqdExctnDt/DtTm is not supported");
    }

    @Test
    void anInstantDocumentIsInitiatedAndKeepsTheInstantRules() throws SQLException {
        post(INSTANT, XML + "; charset=UTF-8", valid()).then().statusCode(201).body("transactionStatus", equalTo("RCVD"));
        refused(INSTANT, XML, document("", LocalDate.now(SANDBOX_ZONE).plusDays(5).toString(), transaction("E2E-2", "1.00")),
                "requestedExecutionDate");
    }

    @Test
    void aDoctypeIsRefused() throws SQLException {
        refused(SCT, XML, document("<!DOCTYPE Document>\n", LocalDate.now(SANDBOX_ZONE).toString(), transaction("E", "1.00")),
                "A DOCTYPE is not allowed");
    }

    @Test
    void anExternalEntityIsNeverResolved() throws SQLException {
        String xxe = document("<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n",
                LocalDate.now(SANDBOX_ZONE).toString(), transaction("&xxe;", "1.00"));
        refused(SCT, XML, xxe, "A DOCTYPE is not allowed");
    }

    @Test
    void anEntityExpansionBombIsRefusedAtOnce() throws SQLException {
        StringBuilder dtd = new StringBuilder("<!DOCTYPE d [<!ENTITY l0 \"lol\">");
        for (int i = 1; i <= 9; i++) {
            dtd.append("<!ENTITY l").append(i).append(" \"")
                    .append(("&l" + (i - 1) + ";").repeat(10)).append("\">");
        }
        dtd.append("]>\n");
        refused(SCT, XML, document(dtd.toString(), LocalDate.now(SANDBOX_ZONE).toString(), transaction("&l9;", "1.00")),
                "A DOCTYPE is not allowed");
    }

    @Test
    void twoPaymentsAreABulkForTheBulkPath() throws SQLException {
        String two = document("", LocalDate.now(SANDBOX_ZONE).toString(), transaction("E-1", "1.00") + transaction("E-2", "2.00"));
        refused(SCT, XML, two, "The document holds more than one payment: several CdtTrfTxInf are a bulk payment,"
                + " initiated at /v1/bulk-payments/{payment-product}");
    }

    /** The header's and the PmtInf's totals must be the document's own, as a bank's SEPA intake checks them. */
    @Test
    void theTotalsMustBeTheDocumentsOwn() throws SQLException {
        String valid = valid();
        assertTrue(valid.contains("<NbOfTxs>1</NbOfTxs><CtrlSum>12.30</CtrlSum>"), valid);
        refused(SCT, XML, valid.replace("<NbOfTxs>1</NbOfTxs>", "<NbOfTxs>2</NbOfTxs>"),
                "GrpHdr/NbOfTxs is 2 but the document holds 1 CdtTrfTxInf");
        refused(SCT, XML, valid.replace("<CtrlSum>12.30</CtrlSum>", "<CtrlSum>12.31</CtrlSum>"),
                "GrpHdr/CtrlSum is 12.31 but the InstdAmt of the document's CdtTrfTxInf add up to 12.30");
        refused(SCT, XML, valid.replace("<PmtMtd>TRF</PmtMtd>", "<PmtMtd>TRF</PmtMtd><NbOfTxs>0</NbOfTxs>"),
                "PmtInf/NbOfTxs is 0 but the document holds 1 CdtTrfTxInf");
        refused(SCT, XML, valid.replace("<PmtMtd>TRF</PmtMtd>", "<PmtMtd>TRF</PmtMtd><CtrlSum>1</CtrlSum>"),
                "PmtInf/CtrlSum is 1 but the InstdAmt of the document's CdtTrfTxInf add up to 12.30");
        // a bulk's totals count every entry
        String bulk = document("", LocalDate.now(SANDBOX_ZONE).toString(),
                transaction("E-1", "1.00") + transaction("E-2", "2.50"));
        assertTrue(bulk.contains("<NbOfTxs>2</NbOfTxs><CtrlSum>3.50</CtrlSum>"), bulk);
        long before = payments();
        String miscounted = bulk.replace("<CtrlSum>3.50</CtrlSum>", "<CtrlSum>2.50</CtrlSum>");
        Errors.expect(Tpps.send(ALPHA, "POST", "/sandbox/api/berlingroup/v1/bulk-payments/" + SCT,
                        headers("Content-Type", XML), miscounted), 400, "FormatError").body("error_message",
                equalTo("GrpHdr/CtrlSum is 2.50 but the InstdAmt of the document's CdtTrfTxInf add up to 3.50"));
        assertEquals(before, payments());
        // the same numbers written otherwise, and totals left out where optional, are the document's own
        post(SCT, XML, valid.replace("<PmtMtd>TRF</PmtMtd>", "<PmtMtd>TRF</PmtMtd><NbOfTxs>01</NbOfTxs>"
                + "<CtrlSum>12.3</CtrlSum>")).then().statusCode(201);
        post(SCT, XML, valid.replace("<CtrlSum>12.30</CtrlSum>", "")).then().statusCode(201);
    }

    @Test
    void aMissingElementIsNamed() throws SQLException {
        // the schema names what it expected where the document goes wrong
        refused(SCT, XML, valid().replace("<Nm>Merchant GmbH</Nm>", ""), "does not match the pain.001.001.03 schema:"
                + " cvc-complex-type.2.4.a: Invalid content was found starting with element '{PstlAdr}'. One of '{Nm}'"
                + " is expected.");
        refused(SCT, XML, valid().replaceAll("<CdtrAcct>.*</CdtrAcct>", ""), "One of '{CdtrAcct}' is expected");
        refused(SCT, XML, valid().replace("<PmtMtd>TRF</PmtMtd>", "<PmtMtd>TRF</PmtMtd><Foo>x</Foo>"),
                "Invalid content was found starting with element '{Foo}'");
        refused(SCT, XML, valid().replace("12.30", "12.301"), "'12.301' has 3 fraction digits");
        refused(SCT, XML, valid().replace("10115 Berlin", "10115 Berlin-Charlottenburg-Wilmersdorf-Ost"),
                "Cdtr/PstlAdr/AdrLine: the second line (post code and town) is longer than 35 characters");
        refused(SCT, XML, valid().replace("pain.001.001.03", "pain.001.001.11"), "The body must be an ISO 20022");
        // a .03 document under the .09 namespace meets the .09 schema, which names what it expects
        refused(SCT, XML, valid().replace("pain.001.001.03", "pain.001.001.09"),
                "does not match the pain.001.001.09 schema:");
    }

    @Test
    void aFieldBreakingItsRuleIsRefusedAsInJson() throws SQLException {
        refused(SCT, XML, valid().replace("DE89370400440532013000", "DE00123"), "creditorAccount.iban");
        // the SEPA schema itself knows only the euro
        refused(SCT, XML, valid().replace("Ccy=\"EUR\"", "Ccy=\"USD\""),
                "Value 'USD' is not facet-valid with respect to enumeration '[EUR]'");
    }

    @Test
    void anythingButXmlIsRefused() throws SQLException {
        refused(SCT, "application/json", valid(), "Content-Type must be application/xml");
        refused(SCT, XML, "{\"instructedAmount\": {}}", "The body is not well-formed XML");
        refused(SCT, XML, valid().replace("</Document>", ""), "The body is not well-formed XML");
        refused(SCT, XML, "", "The request body is required");
        // and a JSON product still wants JSON
        refused("sepa-credit-transfers", XML, valid(), "Content-Type must be application/json");
    }

    /**
     * Each value of the document as a careless TPP's software writes it: empty, blank, a format character, zero, a
     * negative or an overlong number, an overlong text, or the element left out. Whatever the schema lets through
     * meets the same rules as in JSON: every answer is the initiation's or the standard error, never a 5xx, and a
     * refusal stores nothing.
     */
    @Test
    void everyWrongValueOfTheDocumentGetsAnAnswerOrTheStandardError() throws SQLException {
        String valid = valid();
        List<String> wrong = List.of("", " ", "\u202e", "0", "-0.01", "9".repeat(18) + ".99", "x".repeat(141));
        List<String> findings = new ArrayList<>();
        Matcher leaf = Pattern.compile("<(\\w+)((?: [^>]*)?)>([^<]*)</\\1>").matcher(valid);
        while (leaf.find()) {
            Map<String, String> versions = new LinkedHashMap<>(); // what was changed → the document
            for (String value : wrong) {
                versions.put(leaf.group(1) + "=" + (value.length() > 20 ? value.substring(0, 20) + "…" : value),
                        valid.substring(0, leaf.start(3)) + value + valid.substring(leaf.end(3)));
            }
            versions.put(leaf.group(1) + " left out", valid.substring(0, leaf.start()) + valid.substring(leaf.end()));
            for (Map.Entry<String, String> version : versions.entrySet()) {
                long before = payments();
                Response answer = post(SCT, XML, version.getValue());
                String problem = BodyMutations.problem(answer, false);
                if (problem == null && answer.statusCode() >= 400 && payments() != before) {
                    problem = answer.statusCode() + " but a payment was stored";
                }
                if (problem != null) {
                    findings.add(version.getKey() + ": " + problem);
                }
            }
        }
        assertEquals(List.of(), findings);
    }
}
