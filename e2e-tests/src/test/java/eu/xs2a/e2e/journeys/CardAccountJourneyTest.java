package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.CARD_ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PROVIDER;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_CARD;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static eu.xs2a.e2e.support.BerlinGroup.path;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.support.BankDays;
import io.restassured.response.Response;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * An aggregator asks psu1 for its credit card account by masked PAN, psu1 approves in the browser, and the aggregator
 * reads the card account, its balances and its transactions page by page; what the consent does not cover, unknown
 * ids and bad parameters are refused with the standard bodies. Every answer is checked against the Berlin Group file
 * on the way (ConformanceFilter).
 */
class CardAccountJourneyTest extends Journey {

    private static String cardConsentBody() {
        String card = "{\"maskedPan\":\"" + PSU1_CARD + "\",\"currency\":\"EUR\"}";
        return """
                {"access": {"accounts": [%1$s], "balances": [%1$s], "transactions": [%1$s]},
                 "recurringIndicator": true, "validUntil": "%2$s", "frequencyPerDay": 4, "combinedServiceIndicator": false}
                """.formatted(card, BankDays.today(PROVIDER).plusDays(30));
    }

    @Test
    void aCardAccountsBalancesAndTransactionsAreReadUnderAConsentNamingItsMaskedPan() {
        Tpp aisp = newTpp("Mu Card Aggregator", "PSP_AI");
        String consentId = approvedConsent(aisp, cardConsentBody());
        assertEquals("valid", consentStatus(aisp, consentId));

        Response list = aisp.get(CARD_ACCOUNTS, consent(consentId));
        assertStatus(200, list);
        assertEquals(List.of(PSU1_CARD), list.jsonPath().getList("cardAccounts.maskedPan"), list.asString());
        String card = list.jsonPath().getString("cardAccounts[0].resourceId");
        assertEquals("3000.00", list.jsonPath().getString("cardAccounts[0].creditLimit.amount"));

        Response details = aisp.get(CARD_ACCOUNTS + "/" + card + "?withBalance=true", consent(consentId));
        assertStatus(200, details);
        assertEquals(PSU1_CARD, details.jsonPath().getString("cardAccount.maskedPan"));
        assertFalse(details.jsonPath().getList("cardAccount.balances").isEmpty(), details.asString());

        Response balances = aisp.get(CARD_ACCOUNTS + "/" + card + "/balances", consent(consentId));
        assertStatus(200, balances);
        Map<String, Map<String, Object>> byType = balances.jsonPath().<Map<String, Object>>getList("balances")
                .stream().collect(Collectors.toMap(b -> (String) b.get("balanceType"), b -> b));
        assertEquals(List.of("closingBooked", "expected", "interimAvailable", "nonInvoiced"),
                byType.keySet().stream().sorted().toList(), balances.asString());
        assertEquals(true, byType.get("interimAvailable").get("creditLimitIncluded"));
        assertTrue(byType.values().stream().allMatch(b -> b.get("lastChangeDateTime") != null), balances.asString());
        assertEquals(new BigDecimal("3000.00").add(amount(byType.get("expected"))),
                amount(byType.get("interimAvailable")));

        // transactions, page by page along the _links
        String firstPage = CARD_ACCOUNTS + "/" + card + "/transactions?bookingStatus=booked&dateFrom="
                + BankDays.today(PROVIDER).minusDays(120) + "&size=10";
        Response page1 = aisp.get(firstPage, consent(consentId));
        assertStatus(200, page1);
        List<String> ids1 = page1.jsonPath().getList("cardTransactions.booked.cardTransactionId");
        assertEquals(10, ids1.size(), page1.asString());
        assertNull(page1.jsonPath().get("cardTransactions.pending"), "bookingStatus=booked shows no pending list");
        assertEquals(PSU1_CARD, page1.jsonPath().getString("cardTransactions.booked[0].maskedPAN"));
        String next = page1.jsonPath().getString("cardTransactions._links.next.href");
        assertNotNull(next, page1.jsonPath().get("cardTransactions._links").toString());
        Response page2 = aisp.get(path(next), consent(consentId));
        assertStatus(200, page2);
        List<String> ids2 = page2.jsonPath().getList("cardTransactions.booked.cardTransactionId");
        assertFalse(ids2.isEmpty());
        assertTrue(ids2.stream().noneMatch(ids1::contains), "page 2 repeats none of page 1");
        Response both = aisp.get(CARD_ACCOUNTS + "/" + card + "/transactions?bookingStatus=both&dateFrom="
                + BankDays.today(PROVIDER).minusDays(120), consent(consentId));
        assertStatus(200, both);
        assertEquals(2, both.jsonPath().getList("cardTransactions.pending").size(), both.asString());

        // unhappy paths: the standard bodies
        assertError(aisp.get(CARD_ACCOUNTS + "/no-such-card/balances", consent(consentId)), 404, "ResourceUnknown",
                "RESOURCE_UNKNOWN");
        assertError(aisp.get(CARD_ACCOUNTS + "/" + card + "/transactions?dateFrom=2020-01-01", consent(consentId)),
                400, "FormatError", "FORMAT_ERROR");
        assertError(aisp.get(CARD_ACCOUNTS + "/" + card + "/transactions?bookingStatus=booked&dateFrom=2020-13-01",
                consent(consentId)), 400, "FormatError", "FORMAT_ERROR");
    }

    @Test
    void aConsentToAPaymentAccountCoversNoCardAccount() {
        Tpp aisp = newTpp("Nu Card Aggregator", "PSP_AI");
        String cardConsentId = approvedConsent(aisp, cardConsentBody());
        String card = aisp.get(CARD_ACCOUNTS, consent(cardConsentId)).jsonPath().getString("cardAccounts[0].resourceId");

        String consentId = approvedConsent(aisp, aisBody(PSU1_MAIN));

        Response none = aisp.get(CARD_ACCOUNTS, consent(consentId));
        assertStatus(200, none);
        assertTrue(none.jsonPath().getList("cardAccounts").isEmpty(), none.asString());
        // the TPP knows the card's id from its other consent: this one does not cover it
        assertError(aisp.get(CARD_ACCOUNTS + "/" + card + "/balances", consent(consentId)), 401, "ConsentInvalid",
                "CONSENT_INVALID");
        assertError(aisp.get(CARD_ACCOUNTS + "/" + card + "/transactions?bookingStatus=booked&dateFrom=2020-01-01",
                consent(consentId)), 401, "ConsentInvalid", "CONSENT_INVALID");
    }

    @SuppressWarnings("unchecked")
    private static BigDecimal amount(Map<String, Object> balance) {
        return new BigDecimal((String) ((Map<String, Object>) balance.get("balanceAmount")).get("amount"));
    }
}
