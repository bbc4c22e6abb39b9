package eu.xs2a.account;

import eu.xs2a.testsupport.Sql;
import static eu.xs2a.account.AccountReadsTest.HISTORY_START;
import static eu.xs2a.account.AccountReadsTest.accountId;
import static eu.xs2a.account.AccountReadsTest.allAccountsConsent;
import static eu.xs2a.account.AccountReadsTest.mainIban;
import static eu.xs2a.account.support.Calls.P;
import static eu.xs2a.account.support.Calls.error;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.account.support.Calls;
import eu.xs2a.account.support.Flows;
import eu.xs2a.account.support.NeighboursResource;
import io.agroal.api.AgroalDataSource;
import eu.xs2a.account.support.Tpps;
import eu.xs2a.testsupport.TestPkiResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The transaction report as camt.052/camt.053 (application/xml) and MT940 (text/plain), each matched entry for entry
 * with the JSON report of the same query; camt.052 validated against the ISO schema. Large reports' downloads.
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = NeighboursResource.class, restrictToAnnotatedClass = true)
class StatementFormatsTest {

    private static final String CAMT_052 = "urn:iso:std:iso:20022:tech:xsd:camt.052.001.02";
    private static final String CAMT_053 = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.02";
    private static final Pattern LINE_61 = Pattern.compile(
            ":61:(\\d{6})(\\d{4})([CD])([0-9]+,[0-9]*)NTRF([^/]*)//(.*)");
    private static final Pattern BALANCE = Pattern.compile(":6[02][FM]:([CD])(\\d{6})([A-Z]{3})([0-9]+,[0-9]*)");

    @Inject AgroalDataSource db;

    private void expireOpenDownloads() throws java.sql.SQLException {
        assertTrue(new Sql(db).update("update report_download set expires_at = now() - interval '1 second'"
                + " where used_at is null") > 0);
    }

    @Test
    void camt052HoldsTheJsonReportsEntriesAndMeetsTheSchema() throws Exception {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String report = report(consent, "both") + "&size=50";
        JsonPath json = Calls.getWithPsu(Tpps.ALPHA, report, consent).then().statusCode(200).extract().jsonPath();
        Response xml = get(report, consent, "application/xml");
        xml.then().statusCode(200).contentType(startsWith("application/xml"));
        Document doc = parse(xml.asByteArray());
        validate(doc);
        assertEquals(CAMT_052, doc.getDocumentElement().getNamespaceURI());
        Map<String, Map<String, Object>> expected = new LinkedHashMap<>();
        for (String status : List.of("booked", "pending")) {
            List<Map<String, Object>> entries = json.getList("transactions." + status);
            for (Map<String, Object> e : entries == null ? List.<Map<String, Object>>of() : entries) {
                Map<String, Object> withStatus = new LinkedHashMap<>(e);
                withStatus.put("status", "booked".equals(status) ? "BOOK" : "PDNG");
                expected.put((String) e.get("transactionId"), withStatus);
            }
        }
        assertEntriesMatch(expected, doc);
        // the covered balances come along (camt.052 may have none; this consent covers them)
        assertTrue(doc.getElementsByTagNameNS(CAMT_052, "Bal").getLength() > 0);
    }

    @Test
    void camt053IsTheStatementOfTheBookedEntriesWithOpeningAndClosingBalances() throws Exception {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String report = report(consent, "booked") + "&size=30&page=1";
        JsonPath json = Calls.getWithPsu(Tpps.ALPHA, report, consent).then().statusCode(200).extract().jsonPath();
        Document doc = parse(get(report, consent, "application/xml").then().statusCode(200).extract().asByteArray());
        Element root = doc.getDocumentElement();
        assertEquals(CAMT_053, root.getNamespaceURI());
        assertEquals("BkToCstmrStmt", first(root, "BkToCstmrStmt").getLocalName());
        Map<String, Map<String, Object>> expected = new LinkedHashMap<>();
        for (Map<String, Object> e : json.<Map<String, Object>>getList("transactions.booked")) {
            Map<String, Object> withStatus = new LinkedHashMap<>(e);
            withStatus.put("status", "BOOK");
            expected.put((String) e.get("transactionId"), withStatus);
        }
        BigDecimal sum = assertEntriesMatch(expected, doc);
        List<String> codes = new ArrayList<>();
        List<BigDecimal> amounts = new ArrayList<>();
        NodeList bals = doc.getElementsByTagNameNS(CAMT_053, "Bal");
        for (int i = 0; i < bals.getLength(); i++) {
            Element bal = (Element) bals.item(i);
            codes.add(text(bal, "Cd"));
            amounts.add(signed(bal));
        }
        // page 1 is a part of the statement: it never closes it, and opens it only when it holds the oldest entries
        assertEquals(List.of(json.getString("transactions._links.next") == null ? "OPBD" : "ITBD", "ITBD"), codes);
        assertEquals(0, amounts.get(0).add(sum).compareTo(amounts.get(1)), "opening + entries = closing");
    }

    /**
     * A statement of several pages is one statement in parts, the newest entries first: each page's opening is the
     * next (older) page's closing; the first page closes the statement (:62F:) and the last opens it (:60F:), with
     * the same balances whatever the page size; the parts between carry intermediate balances (:60M:, :62M:).
     */
    @Test
    void theMt940PagesOfAStatementFollowOnFromEachOther() {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String report = report(consent, "booked");
        List<Map<String, String>> pages = new ArrayList<>();
        for (int page = 0; page < 3; page++) {
            pages.add(mt940Balances(get(report + "&size=2&page=" + page, consent, "text/plain")));
        }
        int parts = Integer.parseInt(pages.get(0).get("28C").substring(2));
        assertTrue(parts > 3, "psu1's history fills more than three pages of two");
        assertEquals(List.of("1/" + parts, "1/" + (parts - 1), "1/" + (parts - 2)),
                pages.stream().map(p -> p.get("28C")).toList(), "numbered from the oldest part");
        for (int page = 0; page < 2; page++) {
            assertEquals(pages.get(page).get("60M"), pages.get(page + 1).get("62M"),
                    "page " + page + " opens where page " + (page + 1) + " closes");
        }
        assertNull(pages.get(0).get("60F"), "the first page opens only its own part");
        assertNull(pages.get(1).get("60F"));
        assertNull(pages.get(1).get("62F"));

        Map<String, String> first = mt940Balances(get(report + "&size=100", consent, "text/plain"));
        assertEquals(first.get("62F"), pages.get(0).get("62F"), "the statement's closing, whatever the page size");
        int lastOfHundred = Integer.parseInt(first.get("28C").substring(2)) - 1;
        Map<String, String> oldest = mt940Balances(get(report + "&size=2&page=" + (parts - 1), consent, "text/plain"));
        Map<String, String> oldestOfHundred = mt940Balances(get(report + "&size=100&page=" + lastOfHundred, consent,
                "text/plain"));
        assertEquals("1/1", oldest.get("28C"));
        assertEquals(oldestOfHundred.get("60F"), oldest.get("60F"), "the statement's opening, whatever the page size");
        assertNull(oldest.get("62F"));
    }

    /** The balance fields of an MT940 answer by tag (60F, 60M, 62F, 62M: amount with its sign; 28C: as sent). */
    private static Map<String, String> mt940Balances(Response answer) {
        String text = answer.then().statusCode(200).extract().asString();
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : text.split("\r\n")) {
            if (line.startsWith(":28C:")) {
                fields.put("28C", line.substring(5));
            }
            if (line.matches(":6[02][FM]:.*")) {
                String value = line.substring(5);
                // the amount with its sign, not the date: a part closes and the next opens on their own days
                fields.put(line.substring(1, 4), mtAmount(value.substring(0, 1), value.substring(10)).toPlainString());
            }
        }
        return fields;
    }

    @Test
    void mt940HoldsTheBookedEntriesAndBalancesThatAddUp() {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String iban = mainIban(Tpps.ALPHA, consent);
        String report = report(consent, "booked") + "&size=40";
        JsonPath json = Calls.getWithPsu(Tpps.ALPHA, report, consent).then().statusCode(200).extract().jsonPath();
        String text = get(report, consent, "text/plain").then().statusCode(200).contentType(startsWith("text/plain"))
                .extract().asString();
        List<String> lines = List.of(text.split("\r\n"));
        assertTrue(text.endsWith("\r\n-\r\n"), "an MT940 text block ends with -");
        assertEquals(":25:" + iban, lines.get(1));
        List<Map<String, Object>> booked = json.getList("transactions.booked");
        List<Matcher> entries = new ArrayList<>();
        BigDecimal opening = null;
        BigDecimal closing = null;
        for (String line : lines) {
            assertTrue(line.length() <= 65 + 4 || line.startsWith(":61:"), "line too long: " + line);
            Matcher m = LINE_61.matcher(line);
            if (m.matches()) {
                entries.add(m);
            }
            Matcher b = BALANCE.matcher(line);
            if (b.matches()) {
                BigDecimal amount = mtAmount(b.group(1), b.group(4));
                if (line.startsWith(":60")) {
                    opening = amount;
                } else {
                    closing = amount;
                }
            }
        }
        assertEquals(booked.size(), entries.size());
        BigDecimal sum = BigDecimal.ZERO;
        for (int i = 0; i < booked.size(); i++) {
            Map<String, Object> e = booked.get(i);
            Matcher m = entries.get(i);
            assertEquals(e.get("entryReference"), m.group(5));
            String id = (String) e.get("transactionId");
            assertEquals(id.substring(0, Math.min(16, id.length())), m.group(6));
            BigDecimal amount = mtAmount(m.group(3), m.group(4));
            @SuppressWarnings("unchecked")
            Map<String, String> tx = (Map<String, String>) e.get("transactionAmount");
            assertEquals(0, new BigDecimal(tx.get("amount")).compareTo(amount), "amount of " + id);
            assertEquals(((String) e.get("bookingDate")).substring(5).replace("-", ""), m.group(2));
            sum = sum.add(amount);
        }
        assertNotNull(opening);
        assertNotNull(closing);
        assertEquals(0, opening.add(sum).compareTo(closing), "opening + entries = closing");
    }

    @Test
    void formatsTheGatewayCannotServeAreRefused() {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        // MT940 holds booked entries only
        error(get(report(consent, "pending"), consent, "text/plain"), 406, "ActionNotAllowed");
        get(report(consent, "both"), consent, "text/plain").then()
                .body("tppMessages[0].code", equalTo("REQUESTED_FORMATS_INVALID"));
        // a format none of the three meets
        get(report(consent, "booked"), consent, "image/png").then().statusCode(406)
                .body("tppMessages[0].code", equalTo("REQUESTED_FORMATS_INVALID"));
        // the quality values choose among them; a wildcard is JSON
        get(report(consent, "booked") + "&size=5", consent, "text/plain;q=0.5, application/xml").then()
                .statusCode(200).contentType(startsWith("application/xml"));
        get(report(consent, "booked") + "&size=5", consent, "*/*").then()
                .statusCode(200).contentType(startsWith("application/json"));
        // q=0 is "not acceptable" (RFC 9110), never the least wanted; a wildcard beside it brings another format
        get(report(consent, "booked") + "&size=5", consent, "text/plain;q=0").then().statusCode(406)
                .body("tppMessages[0].code", equalTo("REQUESTED_FORMATS_INVALID"));
        get(report(consent, "booked") + "&size=5", consent, "application/json;q=0, */*;q=0.5").then()
                .statusCode(200).contentType(startsWith("application/xml"));
        // bad query parameters stay FormatErrors in every format
        error(get(P + "/accounts/" + mainAccount(consent) + "/transactions?bookingStatus=booked", consent,
                "application/xml"), 400, "FormatError");
    }

    /** A statement carries the booked balances: without them in the consent, camt.053 and MT940 are refused. */
    @Test
    void statementsNeedTheBalancesButCamt052DoesNot() throws Exception {
        String all = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String iban = mainIban(Tpps.ALPHA, all);
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1",
                "{\"accounts\": [{\"iban\": \"" + iban + "\"}], \"transactions\": [{\"iban\": \"" + iban + "\"}]}", 4);
        String id = accountId(Tpps.ALPHA, consent, iban);
        String booked = P + "/accounts/" + id + "/transactions?bookingStatus=booked&dateFrom=" + HISTORY_START;
        error(get(booked, consent, "text/plain"), 401, "ConsentInvalid");
        error(get(booked, consent, "application/xml"), 401, "ConsentInvalid");
        Document doc = parse(get(booked.replace("booked", "both") + "&size=10", consent, "application/xml")
                .then().statusCode(200).extract().asByteArray());
        validate(doc);
        assertEquals(0, doc.getElementsByTagNameNS(CAMT_052, "Bal").getLength());
    }

    /**
     * A report over the threshold (100 in tests) offers its whole content once at _links.download, in any format;
     * used, expired, unknown or under another consent the link leads nowhere.
     */
    @Test
    void aLargeReportIsOfferedAsADownloadOnce() throws Exception {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String report = report(consent, "booked");
        JsonPath page = Calls.getWithPsu(Tpps.ALPHA, report, consent).then().statusCode(200).extract().jsonPath();
        String last = page.getString("transactions._links.last.href");
        int total = 0;
        for (String next = report; next != null; ) {
            JsonPath p = Calls.getWithPsu(Tpps.ALPHA, next, consent).then().statusCode(200).extract().jsonPath();
            total += p.getList("transactions.booked").size();
            next = p.getString("transactions._links.next.href");
        }
        assertTrue(total > 100, "the main account has more entries than the test threshold: " + total);
        assertNotNull(last);
        String download = page.getString("_links.download.href");
        assertNotNull(download, "a report over the threshold offers a download");
        JsonPath whole = Calls.getWithPsu(Tpps.ALPHA, download, consent).then().statusCode(200).extract().jsonPath();
        assertEquals(total, whole.getList("transactions.booked").size());
        assertNull(whole.get("transactions._links.next"));
        error(Calls.getWithPsu(Tpps.ALPHA, download, consent), 404, "ResourceUnknown");

        // in camt.053 too, each once
        String another = Calls.getWithPsu(Tpps.ALPHA, report, consent).then().extract().path("_links.download.href");
        Document doc = parse(get(another, consent, "application/xml").then().statusCode(200).extract()
                .asByteArray());
        assertEquals(total, doc.getElementsByTagNameNS(CAMT_053, "Ntry").getLength());
        error(get(another, consent, "application/xml"), 404, "ResourceUnknown");

        // expired
        String third = Calls.getWithPsu(Tpps.ALPHA, report, consent).then().extract().path("_links.download.href");
        expireOpenDownloads(); // rather than move the clock, against which a signed request's Date is checked
        error(Calls.getWithPsu(Tpps.ALPHA, third, consent), 404, "ResourceUnknown");

        // another consent of the same TPP, an unknown id
        String fourth = Calls.getWithPsu(Tpps.ALPHA, report, consent).then().extract().path("_links.download.href");
        String other = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        error(Calls.getWithPsu(Tpps.ALPHA, fourth, other), 404, "ResourceUnknown");
        error(Calls.getWithPsu(Tpps.ALPHA, fourth.substring(0, fourth.lastIndexOf('/') + 1) + "nope", consent), 404,
                "ResourceUnknown");
        // not used by those: still there for its own consent
        Calls.getWithPsu(Tpps.ALPHA, fourth, consent).then().statusCode(200);

        // a small report offers none
        Calls.getWithPsu(Tpps.ALPHA, report(consent, "pending"), consent).then().statusCode(200)
                .body("_links", org.hamcrest.Matchers.nullValue());
    }

    private static String mainAccount(String consent) {
        return accountId(Tpps.ALPHA, consent, mainIban(Tpps.ALPHA, consent));
    }

    private static String report(String consent, String status) {
        return P + "/accounts/" + mainAccount(consent) + "/transactions?bookingStatus=" + status + "&dateFrom="
                + HISTORY_START;
    }

    private static Response get(String pathAndQuery, String consent, String accept) {
        return Calls.get(Tpps.ALPHA, pathAndQuery, Map.of("Consent-ID", consent, "PSU-IP-Address", "192.0.2.10",
                "Accept", accept));
    }

    /**
     * The camt entries are the JSON entries, each once (in the store's order, which the JSON report splits into booked
     * and pending); answers the sum of their signed amounts.
     */
    private static BigDecimal assertEntriesMatch(Map<String, Map<String, Object>> expected, Document doc) {
        String ns = doc.getDocumentElement().getNamespaceURI();
        NodeList entries = doc.getElementsByTagNameNS(ns, "Ntry");
        assertEquals(expected.size(), entries.getLength());
        java.util.Set<String> seen = new java.util.HashSet<>();
        BigDecimal sum = BigDecimal.ZERO;
        for (int i = 0; i < entries.getLength(); i++) {
            Element ntry = (Element) entries.item(i);
            String id = text(ntry, "AcctSvcrRef");
            Map<String, Object> e = expected.get(id);
            assertNotNull(e, "entry " + id + " is not in the JSON report");
            assertTrue(seen.add(id), "entry " + id + " twice");
            assertEquals(e.get("status"), text(ntry, "Sts"));
            assertEquals(e.get("entryReference"), text(ntry, "NtryRef"));
            @SuppressWarnings("unchecked")
            Map<String, String> amount = (Map<String, String>) e.get("transactionAmount");
            BigDecimal signed = signed(ntry);
            assertEquals(0, new BigDecimal(amount.get("amount")).compareTo(signed), "amount of " + id);
            assertEquals(amount.get("currency"), first(ntry, "Amt").getAttribute("Ccy"));
            if (e.get("bookingDate") != null) {
                assertEquals(e.get("bookingDate"), text(first(ntry, "BookgDt"), "Dt"));
            }
            assertEquals(e.get("remittanceInformationUnstructured"), text(ntry, "Ustrd"));
            sum = sum.add(signed);
        }
        return sum;
    }

    /** The element's own Amt with the sign of its CdtDbtInd. */
    private static BigDecimal signed(Element element) {
        BigDecimal amount = new BigDecimal(text(element, "Amt"));
        return "DBIT".equals(text(element, "CdtDbtInd")) ? amount.negate() : amount;
    }

    private static BigDecimal mtAmount(String sign, String amount) {
        BigDecimal value = new BigDecimal(amount.replace(',', '.').replaceAll("\\.$", ""));
        return "D".equals(sign) ? value.negate() : value;
    }

    private static Element first(Element parent, String name) {
        NodeList found = parent.getElementsByTagNameNS(parent.getNamespaceURI(), name);
        return found.getLength() == 0 ? null : (Element) found.item(0);
    }

    private static String text(Element parent, String name) {
        Element found = first(parent, name);
        return found == null ? null : found.getTextContent();
    }

    private static Document parse(byte[] xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }

    private static void validate(Document doc) throws Exception {
        SchemaFactory schemas = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        schemas.newSchema(StatementFormatsTest.class.getResource("/iso20022/camt.052.001.02.xsd")).newValidator()
                .validate(new DOMSource(doc));
    }
}
