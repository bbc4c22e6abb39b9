package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.id;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.support.Await;
import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.GatewayDb;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Sca;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.testsupport.Sql;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URL;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The status of a payment initiated with a pain.001 document, asked for in XML, is an ISO 20022 pain.002 report in the
 * original's version (.03 → pain.002.001.03, .09 → pain.002.001.10), naming the original's MsgId; validated against
 * the schemas in src/test/resources/iso20022/. JSON stays the answer unless XML is preferred; XML for a payment
 * initiated in JSON is REQUESTED_FORMATS_INVALID (406).
 */
@QuarkusTest
class Pain002StatusReportTest {

    private static final String SCT = "pain.001-sepa-credit-transfers";
    private static final String PAYMENTS = "/sandbox/api/berlingroup/v1/payments/";
    private static final String BULKS = "/sandbox/api/berlingroup/v1/bulk-payments/";

    @Inject AgroalDataSource dataSource;

    @ConfigProperty(name = "psd2.providers.sandbox.bank-credential")
    String bankCredential;

    private static String document03(String transactions) {
        return Pain001PaymentTest.document("",
                LocalDate.now(Pain001PaymentTest.SANDBOX_ZONE).toString(), transactions);
    }

    private static String document09(String transactions) {
        return document03(transactions).replace("pain.001.001.03", "pain.001.001.09")
                .replaceAll("<ReqdExctnDt>([0-9-]+)</ReqdExctnDt>", "<ReqdExctnDt><Dt>$1</Dt></ReqdExctnDt>")
                .replace("<BIC>", "<BICFI>").replace("</BIC>", "</BICFI>");
    }

    private static String one(String endToEnd) {
        return Pain001PaymentTest.transaction(endToEnd, "3.10");
    }

    /** Initiates at {@code base} + the pain.001 product; the payment's path. */
    private static String initiated(String base, String document) {
        Response created = Tpps.send(ALPHA, "POST", base + SCT, headers("Content-Type", "application/xml"), document);
        created.then().statusCode(201);
        return created.jsonPath().getString("_links.self.href");
    }

    private static Response status(String self, String accept) {
        return Tpps.send(ALPHA, "GET", self + "/status", accept == null ? Map.of() : Map.of("Accept", accept), null);
    }

    private static Document parsed(Response response) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(response.asByteArray()));
    }

    private static String at(Document report, String path) throws Exception {
        return (String) XPathFactory.newInstance().newXPath().evaluate(xpath(path), report, XPathConstants.STRING);
    }

    /** The path by local names: the two versions' namespaces differ. */
    private static String xpath(String path) {
        return "/" + String.join("/", Arrays.stream(path.split("/")).map(step -> "*[local-name()='" + step + "']")
                .toList());
    }

    private static int count(Document report, String path) throws Exception {
        return ((NodeList) XPathFactory.newInstance().newXPath().evaluate(xpath(path), report,
                XPathConstants.NODESET)).getLength();
    }

    /** Validates the report against the schema in src/test/resources/iso20022/; a violation fails the test. */
    private static void valid(Response report, String schema) throws SAXException, IOException {
        URL xsd = Pain002StatusReportTest.class.getResource("/iso20022/" + schema);
        assertNotNull(xsd, schema);
        SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(xsd).newValidator()
                .validate(new StreamSource(new ByteArrayInputStream(report.asByteArray())));
    }

    @Test
    void aVersion03PaymentAnswersAPain00203ReportNamingItsDocument() throws Exception {
        String self = initiated(PAYMENTS, document03(one("E2E-STS-1")));
        Response xml = status(self, "application/xml");
        xml.then().statusCode(200).header("Content-Type", equalTo("application/xml;charset=UTF-8"));
        Document report = parsed(xml);
        assertEquals("urn:iso:std:iso:20022:tech:xsd:pain.002.001.03", report.getDocumentElement().getNamespaceURI());
        assertEquals("MSG-1", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlMsgId"));
        assertEquals("pain.001.001.03", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlMsgNmId"));
        // the document's totals as it wrote them; the SEPA form has no OrgnlCreDtTm
        assertEquals("1", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlNbOfTxs"));
        assertEquals("3.10", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlCtrlSum"));
        assertEquals(0, count(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlCreDtTm"));
        assertEquals("RCVD", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/GrpSts"));
        assertTrue(at(report, "Document/CstmrPmtStsRpt/GrpHdr/MsgId").matches("[0-9a-f]{32}"));
        Instant created = Instant.parse(at(report, "Document/CstmrPmtStsRpt/GrpHdr/CreDtTm"));
        assertFalse(created.isAfter(Instant.now()), created.toString());
        // each report is a message of its own
        assertFalse(at(parsed(status(self, "application/xml")), "Document/CstmrPmtStsRpt/GrpHdr/MsgId")
                .equals(at(report, "Document/CstmrPmtStsRpt/GrpHdr/MsgId")));
    }

    @Test
    void jsonStaysTheAnswerUnlessXmlIsPreferred() throws Exception {
        String self = initiated(PAYMENTS, document03(one("E2E-STS-2")));
        for (String accept : new String[] {null, "*/*", "application/json", "application/json, application/xml",
                "application/xml;q=0.5, application/json"}) {
            status(self, accept).then().statusCode(200).header("Content-Type", startsWith("application/json"))
                    .body("transactionStatus", equalTo("RCVD"));
        }
        Response older = status(self, "text/xml, application/json;q=0.9");
        older.then().statusCode(200).header("Content-Type", startsWith("text/xml"));
        assertEquals("RCVD", at(parsed(older), "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/GrpSts"));
        Errors.expect(status(self, "text/plain"), 406, "ActionNotAllowed")
                .body("tppMessages[0].code", equalTo("REQUESTED_FORMATS_INVALID"));
        // an Accept that is no media type is the standard body too, never a 500
        Errors.expect(status(self, "xml"), 406, "ActionNotAllowed")
                .body("tppMessages[0].code", equalTo("REQUESTED_FORMATS_INVALID"));
    }

    @Test
    void aVersion09PaymentAnswersAValidPain00210Report() throws Exception {
        String self = initiated(PAYMENTS, document09(one("E2E-STS-3")));
        Response xml = status(self, "application/xml");
        xml.then().statusCode(200);
        valid(xml, "pain.002.001.10.xsd");
        Document report = parsed(xml);
        assertEquals("pain.001.001.09", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlMsgNmId"));
        assertEquals("2026-01-05T10:00:00", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlCreDtTm"));
        assertEquals("1", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlNbOfTxs"));
        assertEquals("3.10", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlCtrlSum"));
        assertEquals("RCVD", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/GrpSts"));
        // cancelled before anyone authorised it: CANC as it is
        cancelled(self);
        Response cancelled = status(self, "application/xml");
        valid(cancelled, "pain.002.001.10.xsd");
        assertEquals("CANC", at(parsed(cancelled), "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/GrpSts"));
    }

    /** pain.002.001.03 has no CANC: a cancelled payment's report is RJCT, reason CUST, valid in the SEPA form. */
    @Test
    void aCancelledVersion03PaymentIsRejectedAtTheCustomersRequest() throws Exception {
        String self = initiated(PAYMENTS, document03(one("E2E-STS-4")));
        cancelled(self);
        Response xml = status(self, "application/xml");
        valid(xml, "pain.002.001.03.xsd");
        Document report = parsed(xml);
        assertEquals("RJCT", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/GrpSts"));
        assertEquals("CUST", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/StsRsnInf/Rsn/Cd"));
    }

    /** A rejection's reason from the bank is the report's status reason, in both versions. */
    @Test
    void aRejectionCarriesTheBanksReason() throws Exception {
        for (String document : new String[] {document03(one("E2E-STS-5")), document09(one("E2E-STS-6"))}) {
            String self = initiated(PAYMENTS, document);
            rejectedByTheBank(self, "AM04");
            Response xml = status(self, "application/xml");
            boolean v03 = document.contains("pain.001.001.03");
            valid(xml, v03 ? "pain.002.001.03.xsd" : "pain.002.001.10.xsd");
            Document report = parsed(xml);
            assertEquals("RJCT", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/GrpSts"));
            assertEquals("AM04", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/StsRsnInf/Rsn/Cd"));
        }
    }

    @Test
    void aBulkDocumentAnswersOneReportForTheBulk() throws Exception {
        String self = initiated(BULKS, document09(one("E2E-STS-B1") + one("E2E-STS-B2")));
        Response xml = status(self, "application/xml");
        xml.then().statusCode(200);
        valid(xml, "pain.002.001.10.xsd");
        assertEquals("MSG-1", at(parsed(xml), "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlMsgId"));
        status(self, "application/json").then().statusCode(200).body("transactionStatus", equalTo("RCVD"));
    }

    /**
     * A bulk without batch booking whose second entry the funds cannot cover ends PART: the report names that entry
     * under the original's PmtInfId, rejected with the bank's reason (the other two are booked).
     */
    @Test
    void aPartBulkNamesTheEntryTheBankRejected() throws Exception {
        for (boolean v03 : new boolean[] {true, false}) {
            String entries = one("E2E-PART-1") + Pain001PaymentTest.transaction("E2E-PART-2", "999999999.00")
                    + one("E2E-PART-3");
            Response created = Tpps.send(ALPHA, "POST", BULKS + SCT, headers("Content-Type", "application/xml"),
                    v03 ? document03(entries) : document09(entries));
            created.then().statusCode(201);
            String self = created.jsonPath().getString("_links.self.href");
            assertEquals(Payments.TPP_OK, Sca.approve(created.jsonPath().getString("_links.scaRedirect.href"),
                    "psu1"));
            Await.until(() -> Payments.status(self), "PART"::equals, "settlement of the covered entries");
            Response xml = status(self, "application/xml");
            if (!v03) {
                valid(xml, "pain.002.001.10.xsd"); // .03's SEPA form knows no PART: its fields are read below
            }
            Document report = parsed(xml);
            String rejected = "Document/CstmrPmtStsRpt/OrgnlPmtInfAndSts/TxInfAndSts";
            assertEquals("PART", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/GrpSts"));
            assertEquals("PMT-1", at(report, "Document/CstmrPmtStsRpt/OrgnlPmtInfAndSts/OrgnlPmtInfId"));
            assertEquals(1, count(report, rejected), "only the rejected entry is named");
            assertEquals("E2E-PART-2", at(report, rejected + "/OrgnlEndToEndId"));
            assertEquals("RJCT", at(report, rejected + "/TxSts"));
            assertEquals("AM04", at(report, rejected + "/StsRsnInf/Rsn/Cd"));
        }
    }

    @Test
    void xmlOfAPaymentInitiatedInJsonIsRequestedFormatsInvalid() throws SQLException {
        String self = Payments.create(ALPHA, "3.20");
        Errors.expect(status(self, "application/xml"), 406, "ActionNotAllowed")
                .body("tppMessages[0].code", equalTo("REQUESTED_FORMATS_INVALID"))
                .body("tppMessages[0].text", containsString("initiated with a pain.001 document"));
        // nor is there a document to read
        Errors.expect(Tpps.send(ALPHA, "GET", self, Map.of("Accept", "application/xml"), null), 406,
                "ActionNotAllowed").body("tppMessages[0].code", equalTo("REQUESTED_FORMATS_INVALID"));
        // as is a pain.001 payment of before its document was kept
        String older = initiated(PAYMENTS, document03(one("E2E-STS-7")));
        new Sql(dataSource).update("update payment set original_message = null where resource_id = ?", id(older));
        Errors.expect(status(older, "application/xml"), 406, "ActionNotAllowed")
                .body("tppMessages[0].code", equalTo("REQUESTED_FORMATS_INVALID"));
        status(older, null).then().statusCode(200).body("transactionStatus", equalTo("RCVD"));
    }

    /** A payment kept before the document's date and totals were (V27's form): its report names what was kept. */
    @Test
    void aPaymentKeptWithoutTheTotalsIsReportedWithoutThem() throws Exception {
        String self = initiated(PAYMENTS, document09(one("E2E-STS-8")));
        new Sql(dataSource).update("update payment set original_message = cast(? as jsonb) where resource_id = ?",
                "{\"messageId\":\"MSG-1\",\"messageName\":\"pain.001.001.09\",\"paymentInformationId\":\"PMT-1\"}",
                id(self));
        Response xml = status(self, "application/xml");
        xml.then().statusCode(200);
        valid(xml, "pain.002.001.10.xsd");
        Document report = parsed(xml);
        assertEquals("MSG-1", at(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlMsgId"));
        for (String total : new String[] {"OrgnlCreDtTm", "OrgnlNbOfTxs", "OrgnlCtrlSum"}) {
            assertEquals(0, count(report, "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/" + total), total);
        }
    }

    /** Cancelled before anyone authorised it: CANC at once (a redirect cancellation names its return address). */
    private static void cancelled(String self) {
        Tpps.send(ALPHA, "DELETE", self, Map.of("TPP-Redirect-URI", Payments.TPP_OK), null).then().statusCode(204);
    }

    /** The bank rejects the submitted payment with {@code reason} (its status event, as BankStatusEventTest sends). */
    private void rejectedByTheBank(String self, String reason) {
        GatewayDb db = new GatewayDb(dataSource);
        String bankId = Await.until(() -> db.bankPaymentId(id(self)), Objects::nonNull, "the bank's id");
        given().config(Tpps.RAW).contentType("application/json").header("Authorization", "Bearer " + bankCredential)
                .body("""
                        {"eventId": "%s", "resource": "payment", "bankPaymentId": "%s", "status": "RJCT",
                         "statusReason": "%s", "occurredAt": "%s"}""".formatted(UUID.randomUUID(), bankId, reason,
                        Instant.now()))
                .post("/internal/v1/bank-events").then().statusCode(204);
    }
}
