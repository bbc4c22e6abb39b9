package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PROVIDER;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.support.BankDays;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 53: a bank-offered consent. The TPP asks with accounts, balances and transactions all empty; psu1 chooses at
 * the bank, in the browser, its main account with balances and transactions and its savings account's details only;
 * the consent's read then lists exactly that, the TPP reads what was granted, and a read of what was not granted is
 * refused with the standard error. Every answer is checked against the Berlin Group file (ConformanceFilter).
 */
class BankOfferedConsentJourneyTest extends Journey {

    private static final String PSU1_SAVINGS = "DE26100200300100000037";

    private static String body(String access) {
        return """
                {"access": %s, "recurringIndicator": true, "validUntil": "%s", "frequencyPerDay": 4,
                 "combinedServiceIndicator": false}
                """.formatted(access, BankDays.today(PROVIDER).plusDays(30));
    }

    @Test
    void thePsuChoosesTheAccountsAtTheBankAndTheTppReadsWhatWasGranted() {
        Tpp aisp = newTpp("Bank Offered Aggregator", "PSP_AI");
        String ok = redirectUri("ok");
        Response created = aisp.post(CONSENTS, redirect(ok, null),
                body("{\"accounts\": [], \"balances\": [], \"transactions\": []}"));
        assertStatus(201, created);
        String consentId = created.jsonPath().getString("consentId");
        Response before = aisp.get(CONSENTS + "/" + consentId);
        assertStatus(200, before);
        assertEquals("received", before.jsonPath().getString("consentStatus"));
        assertEquals(List.of(), before.jsonPath().getList("access.accounts"), before.asString());

        String landed = browser().open(created.jsonPath().getString("_links.scaRedirect.href")).logIn("psu1")
                .choose("Balances of " + PSU1_MAIN, "Transactions of " + PSU1_MAIN, "Details of " + PSU1_SAVINGS)
                .approve().otp(PsuBrowser.OTP).landedUrl();
        assertEquals(ok, landed);
        assertEquals("valid", consentStatus(aisp, consentId));

        Response granted = aisp.get(CONSENTS + "/" + consentId);
        assertStatus(200, granted);
        assertEquals(List.of(PSU1_MAIN, PSU1_SAVINGS), granted.jsonPath().getList("access.accounts.iban"),
                granted.asString());
        assertEquals(List.of(PSU1_MAIN), granted.jsonPath().getList("access.balances.iban"));
        assertEquals(List.of(PSU1_MAIN), granted.jsonPath().getList("access.transactions.iban"));

        Response list = aisp.get(ACCOUNTS, consent(consentId));
        assertStatus(200, list);
        assertEquals(List.of(PSU1_MAIN, PSU1_SAVINGS).stream().sorted().toList(),
                list.jsonPath().<String>getList("accounts.iban").stream().sorted().toList(), list.asString());
        String main = list.jsonPath().getString("accounts.find { it.iban == '" + PSU1_MAIN + "' }.resourceId");
        String savings = list.jsonPath().getString("accounts.find { it.iban == '" + PSU1_SAVINGS + "' }.resourceId");
        // every balance type the bank keeps for a payment account, each with creditLimitIncluded and its last change
        Response balances = aisp.get(ACCOUNTS + "/" + main + "/balances", consent(consentId));
        assertStatus(200, balances);
        List<Map<String, Object>> all = balances.jsonPath().getList("balances");
        assertEquals(List.of("closingBooked", "expected", "forwardAvailable", "interimAvailable", "interimBooked"),
                all.stream().map(b -> (String) b.get("balanceType")).sorted().toList(), balances.asString());
        assertTrue(all.stream().allMatch(b -> Boolean.FALSE.equals(b.get("creditLimitIncluded"))
                && b.get("lastChangeDateTime") != null && b.get("referenceDate") != null), balances.asString());
        Response report = aisp.get(ACCOUNTS + "/" + main + "/transactions?bookingStatus=booked&dateFrom="
                + BankDays.today(PROVIDER).minusDays(30), consent(consentId));
        assertStatus(200, report);
        Response details = aisp.get(ACCOUNTS + "/" + savings, consent(consentId));
        assertStatus(200, details);
        assertNull(details.jsonPath().get("account._links.balances"), details.asString());

        // what the PSU did not grant: the standard error
        assertError(aisp.get(ACCOUNTS + "/" + savings + "/balances", consent(consentId)), 401, "ConsentInvalid",
                "CONSENT_INVALID");
        assertError(aisp.get(ACCOUNTS + "/" + savings + "/transactions?bookingStatus=booked&dateFrom="
                + BankDays.today(PROVIDER).minusDays(30), consent(consentId)), 401, "ConsentInvalid", "CONSENT_INVALID");
        assertError(aisp.get(ACCOUNTS + "/no-such-account/balances", consent(consentId)), 404, "ResourceUnknown",
                "RESOURCE_UNKNOWN");
    }

    @Test
    void anEmptyAccountsListBesideListsThatNameAccountsIsAFormatError() {
        Tpp aisp = newTpp("Half Offered Aggregator", "PSP_AI");
        String main = "{\"iban\": \"" + PSU1_MAIN + "\"}";
        assertError(aisp.post(CONSENTS, redirect(redirectUri("ok"), null),
                body("{\"accounts\": [], \"balances\": [" + main + "]}")), 400, "FormatError", "FORMAT_ERROR");
        assertError(aisp.post(CONSENTS, redirect(redirectUri("ok"), null), body("{\"accounts\": []}")), 400,
                "FormatError", "FORMAT_ERROR");
    }
}
