package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.CREDITOR;
import static eu.xs2a.e2e.support.BerlinGroup.P;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.support.BankDays;
import eu.xs2a.e2e.support.BerlinGroup;
import eu.xs2a.testsupport.Pain001;
import io.restassured.path.xml.XmlPath;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A pain.001 payment through the whole stack: the TPP posts an ISO 20022 pain.001.001.03 document (XML, signed as
 * sent), psu1 authorises it in the browser, the bank settles it (ACSC); every answer is checked against the Berlin
 * Group file like the JSON products', JSON but for the status and the read asked in XML: a pain.002 report, the
 * document as sent (payment-service README "pain.001 payments").
 */
class Pain001JourneyTest extends Journey {

    static final String PAIN_PAYMENTS = P + "/v1/payments/pain.001-sepa-credit-transfers";

    @Test
    void aPain001PaymentIsAuthorisedAndSettled() {
        Tpp tpp = newTpp("Pain Pay", "PSP_PI");
        String ok = redirectUri("paid");
        // the creditor's agent and an address (the SEPA schema allows no agent name): the read shows them as the JSON
        // products' read does, and the execution date every document has
        String sent = document(transaction("E2E-PAIN-1", "3.21", "Merchant GmbH", CREDITOR).replace(
                "<Cdtr><Nm>Merchant GmbH</Nm></Cdtr>",
                "<CdtrAgt><FinInstnId><BIC>COBADEFFXXX</BIC></FinInstnId></CdtrAgt>"
                        + "<Cdtr><Nm>Merchant GmbH</Nm><PstlAdr><Ctry>DE</Ctry><AdrLine>Hauptstrasse 1</AdrLine>"
                        + "<AdrLine>10115 Berlin</AdrLine></PstlAdr></Cdtr>"));
        Response created = tpp.post(PAIN_PAYMENTS, xmlHeaders(ok), sent);
        assertStatus(201, created);
        String payment = PAIN_PAYMENTS + "/" + created.jsonPath().getString("paymentId");
        assertEquals(ok, browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), "psu1"));
        assertEquals("ACSC", finalStatus(tpp, payment));
        Response read = tpp.get(payment);
        assertStatus(200, read);
        assertEquals("3.21", read.jsonPath().getString("instructedAmount.amount"), read.asString());
        assertEquals(PSU1_MAIN, read.jsonPath().getString("debtorAccount.iban"));
        assertEquals("E2E-PAIN-1", read.jsonPath().getString("endToEndIdentification"));
        assertEquals("COBADEFFXXX", read.jsonPath().getString("creditorAgent"));
        assertEquals("Berlin", read.jsonPath().getString("creditorAddress.townName").substring(6));
        assertEquals(BankDays.today(BerlinGroup.PROVIDER).toString(), read.jsonPath().getString("requestedExecutionDate"));
        assertStatus(200, tpp.get(payment + "/authorisations"));
        // asked in XML, the status is the pain.002 report of the document (its MsgId), in its version
        Response report = tpp.get(payment + "/status", Map.of("Accept", "application/xml"));
        assertStatus(200, report);
        assertTrue(report.contentType().startsWith("application/xml"), report.contentType());
        XmlPath xml = new XmlPath(report.asString());
        assertEquals("MSG-1", xml.getString("Document.CstmrPmtStsRpt.OrgnlGrpInfAndSts.OrgnlMsgId"));
        assertEquals("pain.001.001.03", xml.getString("Document.CstmrPmtStsRpt.OrgnlGrpInfAndSts.OrgnlMsgNmId"));
        assertEquals("ACSC", xml.getString("Document.CstmrPmtStsRpt.OrgnlGrpInfAndSts.GrpSts"));
        // and the read, asked in XML, is the document as sent
        Response document = tpp.get(payment, Map.of("Accept", "application/xml"));
        assertStatus(200, document);
        assertEquals(sent, document.asString());
    }

    static Map<String, String> xmlHeaders(String ok) {
        Map<String, String> headers = PaymentJourneyTest.paymentHeaders(ok, null);
        headers.put("Content-Type", "application/xml");
        return headers;
    }

    static String finalStatus(Tpp tpp, String payment) {
        return eventually("the bank deciding " + payment,
                () -> tpp.get(payment + "/status").jsonPath().getString("transactionStatus"),
                status -> List.of("ACSC", "PART", "RJCT", "CANC").contains(status));
    }

    static String transaction(String endToEnd, String amount, String creditorName, String creditorIban) {
        return """
                    <CdtTrfTxInf>
                      <PmtId><EndToEndId>%s</EndToEndId></PmtId>
                      <Amt><InstdAmt Ccy="EUR">%s</InstdAmt></Amt>
                      <Cdtr><Nm>%s</Nm></Cdtr>
                      <CdtrAcct><Id><IBAN>%s</IBAN></Id></CdtrAcct>
                      <RmtInf><Ustrd>Invoice %s</Ustrd></RmtInf>
                    </CdtTrfTxInf>
                """.formatted(endToEnd, amount, creditorName, creditorIban, endToEnd);
    }

    static String document(String transactions) {
        return Pain001.document(Pain001.XML_DECLARATION, BankDays.today(BerlinGroup.PROVIDER).toString(), PSU1_MAIN,
                transactions);
    }
}
