package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.journeys.PaymentJourneyTest.paymentBody;
import static eu.xs2a.e2e.journeys.PaymentJourneyTest.paymentHeaders;
import static eu.xs2a.e2e.journeys.PaymentJourneyTest.refresh;
import static eu.xs2a.e2e.journeys.PaymentJourneyTest.transactionStatus;
import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.PROVIDER;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static eu.xs2a.e2e.support.BerlinGroup.path;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.support.BankDays;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A TPP keeps its copy of psu1's main account up to date with delta reports: it reads the whole delta list
 * (deltaList=true, page by page along next), psu1 pays twice at the bank, the TPP refreshes and reads the delta one
 * entry at a time; psu1 pays again midway and the TPP refreshes again before reading on. Every booked entry comes
 * exactly once, the three payments included, and entryReferenceFrom from the last entry of the first pass lists the
 * three payments, also as camt.053 and MT940. Every answer is checked against the Berlin Group file on the way (ConformanceFilter).
 */
class DeltaReportJourneyTest extends Journey {

    @Test
    void aDeltaListReadAcrossRefreshesMissesNoEntryAndRepeatsNone() {
        Tpp tpp = newTpp("Delta Books", "PSP_AI", "PSP_PI");
        String consentId = approvedConsent(tpp, aisBody(PSU1_MAIN));
        String account = accountId(tpp, consentId, PSU1_MAIN);
        String transactions = ACCOUNTS + "/" + account + "/transactions?bookingStatus=booked";

        List<String> delivered = new ArrayList<>();
        List<String> firstPass = readDelta(tpp, consentId, transactions + "&deltaList=true&size=100", delivered);
        assertTrue(firstPass.size() > 1, "psu1's history is delivered on the first pass");
        String lastReference = lastReference(tpp, consentId, transactions);

        String a = pay(tpp, "1.11");
        String b = pay(tpp, "2.22");
        refresh(tpp, consentId);
        Response one = tpp.get(transactions + "&deltaList=true&size=1", consent(consentId));
        assertStatus(200, one);
        List<Map<String, Object>> first = one.jsonPath().getList("transactions.booked");
        assertEquals(1, first.size(), one.asString());
        delivered.add((String) first.get(0).get("transactionId"));
        String next = one.jsonPath().getString("transactions._links.next.href");
        assertNotNull(next, "the second new entry is still to come: " + one.asString());

        String c = pay(tpp, "3.33");
        refresh(tpp, consentId);
        List<String> rest = readDelta(tpp, consentId, path(next), delivered);
        assertEquals(2, rest.size(), "the second payment, then the third: " + rest);

        Set<String> unique = new HashSet<>(delivered);
        assertEquals(delivered.size(), unique.size(), "an entry delivered twice: " + delivered);
        Set<String> all = new HashSet<>(plainReport(tpp, consentId, transactions));
        assertEquals(all, unique, "the delta list delivered every booked entry of the plain report");
        List<String> payments = endToEndIds(tpp, consentId, transactions + "&entryReferenceFrom=" + lastReference);
        assertEquals(List.of(a, b, c), payments, "entryReferenceFrom lists the entries after it, oldest first");
        // the same delta as a camt.053 statement and as MT940, through the whole stack
        Map<String, String> xml = new java.util.LinkedHashMap<>(consent(consentId));
        xml.put("Accept", "application/xml");
        Response camt = tpp.get(transactions + "&entryReferenceFrom=" + lastReference, xml);
        assertStatus(200, camt);
        assertTrue(camt.contentType().startsWith("application/xml"), camt.contentType());
        String document = camt.asString();
        assertTrue(document.contains("urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"), document);
        for (String endToEnd : List.of(a, b, c)) {
            assertTrue(document.contains("<EndToEndId>" + endToEnd + "</EndToEndId>"), endToEnd + " in " + document);
        }
        Map<String, String> text = new java.util.LinkedHashMap<>(consent(consentId));
        text.put("Accept", "text/plain");
        Response mt940 = tpp.get(transactions + "&entryReferenceFrom=" + lastReference, text);
        assertStatus(200, mt940);
        assertEquals(3, mt940.asString().lines().filter(l -> l.startsWith(":61:")).count(), mt940.asString());
        assertError(tpp.get(ACCOUNTS + "/" + account + "/transactions?bookingStatus=pending&dateFrom="
                + BankDays.today(PROVIDER).minusDays(1), text), 406, "ActionNotAllowed", "REQUESTED_FORMATS_INVALID");
        // read again: nothing new
        Response none = tpp.get(transactions + "&deltaList=true", consent(consentId));
        assertStatus(200, none);
        assertTrue(none.jsonPath().getList("transactions.booked").isEmpty(), none.asString());
        assertNull(none.jsonPath().get("transactions._links.next"));
        // unhappy: both delta kinds at once, a delta of pending entries, an entry reference never given
        assertError(tpp.get(transactions + "&deltaList=true&entryReferenceFrom=" + lastReference,
                consent(consentId)), 400, "FormatError", "PARAMETER_NOT_CONSISTENT");
        assertError(tpp.get(ACCOUNTS + "/" + account + "/transactions?bookingStatus=pending&deltaList=true",
                consent(consentId)), 400, "FormatError", "PARAMETER_NOT_CONSISTENT");
        assertError(tpp.get(transactions + "&entryReferenceFrom=999999999", consent(consentId)), 400,
                "FormatError", "FORMAT_ERROR");
    }

    /** Reads a delta list along its next links, adding each entry's id to {@code delivered}; answers this pass's. */
    private static List<String> readDelta(Tpp tpp, String consentId, String start, List<String> delivered) {
        List<String> pass = new ArrayList<>();
        for (String next = start; next != null; ) {
            Response page = tpp.get(next, consent(consentId));
            assertStatus(200, page);
            pass.addAll(page.jsonPath().getList("transactions.booked.transactionId"));
            String link = page.jsonPath().getString("transactions._links.next.href");
            next = link == null ? null : path(link);
        }
        delivered.addAll(pass);
        return pass;
    }

    /** The highest entryReference among the booked entries so far. */
    private static String lastReference(Tpp tpp, String consentId, String transactions) {
        long last = 0;
        for (String next = transactions + "&dateFrom=" + BankDays.today(PROVIDER).minusDays(800) + "&size=100";
             next != null; ) {
            Response page = tpp.get(next, consent(consentId));
            assertStatus(200, page);
            for (String reference : page.jsonPath().<String>getList("transactions.booked.entryReference")) {
                last = Math.max(last, Long.parseLong(reference));
            }
            String link = page.jsonPath().getString("transactions._links.next.href");
            next = link == null ? null : path(link);
        }
        return Long.toString(last);
    }

    private static List<String> plainReport(Tpp tpp, String consentId, String transactions) {
        List<String> ids = new ArrayList<>();
        for (String next = transactions + "&dateFrom=" + BankDays.today(PROVIDER).minusDays(800) + "&size=100";
             next != null; ) {
            Response page = tpp.get(next, consent(consentId));
            assertStatus(200, page);
            ids.addAll(page.jsonPath().getList("transactions.booked.transactionId"));
            String link = page.jsonPath().getString("transactions._links.next.href");
            next = link == null ? null : path(link);
        }
        return ids;
    }

    private static List<String> endToEndIds(Tpp tpp, String consentId, String query) {
        Response after = tpp.get(query, consent(consentId));
        assertStatus(200, after);
        return after.jsonPath().getList("transactions.booked.endToEndId");
    }

    /** psu1 pays from its main account, authorised in the browser; answers the end-to-end id once settled. */
    private static String pay(Tpp tpp, String amount) {
        String endToEnd = "DELTA-" + UUID.randomUUID().toString().substring(0, 8);
        Response created = tpp.post(SERVICE_PAYMENTS, paymentHeaders(redirectUri("paid"), redirectUri("nok")),
                paymentBody(PSU1_MAIN, amount, endToEnd, null));
        assertStatus(201, created);
        browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), "psu1");
        String payment = SERVICE_PAYMENTS + "/" + created.jsonPath().getString("paymentId");
        assertEquals("ACSC", eventually("the bank settling the payment", () -> transactionStatus(tpp, payment),
                s -> List.of("ACSC", "RJCT", "CANC").contains(s)));
        return endToEnd;
    }
}
