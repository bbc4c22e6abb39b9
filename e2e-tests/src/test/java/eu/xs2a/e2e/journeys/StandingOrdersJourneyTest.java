package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.journeys.PaymentJourneyTest.cancelHeaders;
import static eu.xs2a.e2e.journeys.PaymentJourneyTest.paymentHeaders;
import static eu.xs2a.e2e.journeys.PaymentJourneyTest.transactionStatus;
import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CARD_ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.CREDITOR;
import static eu.xs2a.e2e.support.BerlinGroup.P;
import static eu.xs2a.e2e.support.BerlinGroup.PROVIDER;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.support.BankDays;
import io.restassured.response.Response;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 53: a TPP initiates a periodic payment from psu1's main account (a monthly standing order that starts in a
 * few weeks), psu1 authorises it, and the TPP's account information lists it with bookingStatus=information, each
 * order in transactions.information with its standingOrderDetails; once cancelled it is listed no more. What the
 * report cannot be (camt, a card account, an account whose transactions are not covered) is refused with the standard
 * errors. Every answer is checked against the Berlin Group file (ConformanceFilter, which names the information list
 * a known difference of 1.3.6).
 */
class StandingOrdersJourneyTest extends Journey {

    private static final String PERIODIC = P + "/v1/periodic-payments/sepa-credit-transfers";

    @Test
    void aStandingOrderIsListedAsInformationUntilItIsCancelled() {
        Tpp tpp = newTpp("Standing Order Reader", "PSP_AI", "PSP_PI");
        LocalDate start = BankDays.today(PROVIDER).plusDays(40);
        String endToEnd = "E2E-SO-" + UUID.randomUUID().toString().substring(0, 8);
        Response created = tpp.post(PERIODIC, paymentHeaders(redirectUri("standing-order"), null), """
                {"debtorAccount": {"iban": "%s"},
                 "instructedAmount": {"currency": "EUR", "amount": "42.10"},
                 "creditorAccount": {"iban": "%s"}, "creditorName": "Landlord KG",
                 "remittanceInformationUnstructured": "Rent", "endToEndIdentification": "%s",
                 "startDate": "%s", "executionRule": "preceding", "frequency": "Monthly", "dayOfExecution": "15"}
                """.formatted(PSU1_MAIN, CREDITOR, endToEnd, start));
        assertStatus(201, created);
        String order = PERIODIC + "/" + created.jsonPath().getString("paymentId");
        browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), "psu1");
        assertEquals("ACSP", transactionStatus(tpp, order));

        String consentId = approvedConsent(tpp, aisBody(PSU1_MAIN));
        String account = accountId(tpp, consentId, PSU1_MAIN);
        String information = ACCOUNTS + "/" + account + "/transactions?bookingStatus=information";
        Response report = tpp.get(information, consent(consentId));
        assertStatus(200, report);
        assertNull(report.jsonPath().get("transactions.booked"), report.asString());
        List<Map<String, Object>> entries = report.jsonPath().getList("transactions.information");
        List<Map<String, Object>> ours = entries.stream().filter(e -> endToEnd.equals(e.get("endToEndId"))).toList();
        assertEquals(1, ours.size(), report.asString());
        Map<String, Object> entry = ours.get(0);
        assertEquals(Map.of("currency", "EUR", "amount", "-42.10"), entry.get("transactionAmount"));
        assertEquals("Landlord KG", entry.get("creditorName"));
        assertEquals("Rent", entry.get("remittanceInformationUnstructured"));
        @SuppressWarnings("unchecked")
        Map<String, Object> details = (Map<String, Object>) ((Map<String, Object>) entry
                .get("additionalInformationStructured")).get("standingOrderDetails");
        assertEquals(start.toString(), details.get("startDate"));
        assertEquals("Monthly", details.get("frequency"));
        assertEquals("preceding", details.get("executionRule"));
        assertEquals("15", details.get("dayOfExecution"));
        assertTrue(!details.containsKey("endDate"), details.toString());
        assertEquals(ACCOUNTS + "/" + account, eu.xs2a.e2e.support.BerlinGroup.path(
                report.jsonPath().getString("transactions._links.account.href")));

        // unhappy paths: the standard errors
        Map<String, String> camt = new java.util.LinkedHashMap<>(consent(consentId));
        camt.put("Accept", "application/xml");
        assertError(tpp.get(information, camt), 406, "ActionNotAllowed", "REQUESTED_FORMATS_INVALID");
        assertError(tpp.get(information + "&dateFrom=someday", consent(consentId)), 400, "FormatError",
                "FORMAT_ERROR");
        String balancesOnly = balancesOnlyConsent(tpp);
        String sameAccount = accountId(tpp, balancesOnly, PSU1_MAIN);
        assertError(tpp.get(ACCOUNTS + "/" + sameAccount + "/transactions?bookingStatus=information",
                consent(balancesOnly)), 401, "ConsentInvalid", "CONSENT_INVALID");
        assertError(tpp.get(CARD_ACCOUNTS + "/any/transactions?bookingStatus=information", consent(consentId)), 400,
                "FormatError", "PARAMETER_NOT_SUPPORTED");

        // cancelled with the PSU's authorisation: no longer a standing order of the account
        Map<String, String> headers = cancelHeaders();
        Response cancellation = tpp.delete(order, headers);
        assertStatus(202, cancellation);
        browser().approveAll(cancellation.jsonPath().getString("_links.scaRedirect.href"), "psu1");
        assertEquals("CANC", transactionStatus(tpp, order));
        Response after = tpp.get(information, consent(consentId));
        assertStatus(200, after);
        assertTrue(after.jsonPath().<Map<String, Object>>getList("transactions.information").stream()
                .noneMatch(e -> endToEnd.equals(e.get("endToEndId"))), after.asString());
    }

    private static String balancesOnlyConsent(Tpp tpp) {
        return approvedConsent(tpp, """
                {"access": {"balances": [{"iban": "%s"}]}, "recurringIndicator": true, "validUntil": "%s",
                 "frequencyPerDay": 4, "combinedServiceIndicator": false}
                """.formatted(PSU1_MAIN, BankDays.today(PROVIDER).plusDays(30)));
    }
}
