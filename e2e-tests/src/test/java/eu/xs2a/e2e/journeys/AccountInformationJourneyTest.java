package eu.xs2a.e2e.journeys;

import eu.xs2a.e2e.support.BankDays;
import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PROVIDER;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static eu.xs2a.e2e.support.BerlinGroup.path;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.response.Response;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * (b) An AISP asks psu1 for access, psu1 approves in the browser, the AISP reads accounts, balances and
 * transactions page by page, refreshes the data, deletes the consent and is refused from then on.
 */
class AccountInformationJourneyTest extends Journey {

    @Test
    void consentScaReadsRefreshDeleteAndRefusal() {
        Tpp aisp = newTpp("Alpha Budget App", "PSP_AI");
        String ok = redirectUri("ok");
        String nok = redirectUri("nok");

        Response created = aisp.post(CONSENTS, redirect(ok, nok), aisBody(PSU1_MAIN, PSU1_SAVINGS));
        assertStatus(201, created);
        String consentId = created.jsonPath().getString("consentId");
        assertEquals("received", created.jsonPath().getString("consentStatus"));
        String scaRedirect = created.jsonPath().getString("_links.scaRedirect.href");
        String scaStatus = created.jsonPath().getString("_links.scaStatus.href");
        assertNotNull(scaRedirect, created.asString());
        assertNotNull(scaStatus, created.asString());
        assertEquals("received", consentStatus(aisp, consentId));

        // before SCA the consent reads nothing
        assertError(aisp.get(ACCOUNTS, consent(consentId)), 401, "ConsentInvalid", "CONSENT_INVALID");

        String landed = browser().approveAll(scaRedirect, "psu1");
        assertEquals(ok, landed, "the PSU's browser ends on the TPP's redirect URI");
        assertTrue(landing().landedOn(ok), landing().landings().toString());

        assertEquals("valid", consentStatus(aisp, consentId));
        assertEquals("finalised", aisp.get(path(scaStatus)).jsonPath().getString("scaStatus"));
        Response authorisations = aisp.get(CONSENTS + "/" + consentId + "/authorisations");
        assertStatus(200, authorisations);
        assertEquals(1, authorisations.jsonPath().getList("authorisationIds").size(), authorisations.asString());
        Response consent = aisp.get(CONSENTS + "/" + consentId);
        assertStatus(200, consent);
        assertEquals("valid", consent.jsonPath().getString("consentStatus"));
        assertTrue(consent.jsonPath().getList("access.accounts.iban").contains(PSU1_MAIN), consent.asString());

        // accounts
        Response accounts = aisp.get(ACCOUNTS, consent(consentId));
        assertStatus(200, accounts);
        List<String> ibans = accounts.jsonPath().getList("accounts.iban");
        assertEquals(Set.of(PSU1_MAIN, PSU1_SAVINGS), new HashSet<>(ibans), accounts.asString());
        String main = accounts.jsonPath().getString("accounts.find { it.iban == '" + PSU1_MAIN + "' }.resourceId");
        assertNotNull(main);
        assertNotEquals(PSU1_MAIN, main, "the resource id is opaque, never the IBAN");

        Response details = aisp.get(ACCOUNTS + "/" + main, consent(consentId));
        assertStatus(200, details);
        assertEquals(PSU1_MAIN, details.jsonPath().getString("account.iban"));
        assertEquals("enabled", details.jsonPath().getString("account.status"));

        // balances
        Response balances = aisp.get(ACCOUNTS + "/" + main + "/balances", consent(consentId));
        assertStatus(200, balances);
        assertEquals(PSU1_MAIN, balances.jsonPath().getString("account.iban"));
        assertFalse(balances.jsonPath().getList("balances").isEmpty(), balances.asString());
        // every balance type the bank keeps for a payment account, each saying whether a credit limit is counted in
        assertEquals(List.of("closingBooked", "expected", "forwardAvailable", "interimAvailable", "interimBooked"),
                balances.jsonPath().<String>getList("balances.balanceType").stream().sorted().toList());
        assertEquals(Set.of(false), new HashSet<>(balances.jsonPath().getList("balances.creditLimitIncluded")));

        // transactions, page by page along the _links
        String firstPage = ACCOUNTS + "/" + main + "/transactions?bookingStatus=booked&dateFrom="
                + BankDays.today(PROVIDER).minusDays(60) + "&size=10";
        Response page1 = aisp.get(firstPage, consent(consentId));
        assertStatus(200, page1);
        List<String> ids1 = page1.jsonPath().getList("transactions.booked.transactionId");
        assertEquals(10, ids1.size(), page1.asString());
        assertNull(page1.jsonPath().get("transactions.pending"), "bookingStatus=booked shows no pending list");
        String next = page1.jsonPath().getString("transactions._links.next.href");
        assertNotNull(next, "60 days of psu1's history fill more than one page: " + page1.jsonPath().get("transactions._links"));
        Response page2 = aisp.get(path(next), consent(consentId));
        assertStatus(200, page2);
        List<String> ids2 = page2.jsonPath().getList("transactions.booked.transactionId");
        assertFalse(ids2.isEmpty());
        assertTrue(ids2.stream().noneMatch(ids1::contains), "page 2 repeats none of page 1");
        assertNotNull(page2.jsonPath().getString("transactions._links.previous.href"));
        String last = page1.jsonPath().getString("transactions._links.last.href");
        Response lastPage = aisp.get(path(last), consent(consentId));
        assertStatus(200, lastPage);
        assertNull(lastPage.jsonPath().get("transactions._links.next"), "the last page has no next");

        String txId = ids1.get(0);
        Response transaction = aisp.get(ACCOUNTS + "/" + main + "/transactions/" + txId, consent(consentId));
        assertStatus(200, transaction);
        assertEquals(txId, transaction.jsonPath().getString("transactionsDetails.transactionId"));

        // refresh until fetchingFinished
        Response refresh = aisp.post(ACCOUNTS + "/refresh", consent(consentId), "{\"initiatedByCustomer\": true}");
        assertStatus(200, refresh);
        String refreshStatus = refresh.jsonPath().getString("_links.refreshStatus.href");
        assertNotNull(refreshStatus, refresh.asString());
        String finished = eventually("refresh reaching fetchingFinished",
                () -> aisp.get(path(refreshStatus), consent(consentId)).jsonPath().getString("status"),
                s -> !List.of("notInitiated", "processing", "fetching").contains(s));
        assertEquals("fetchingFinished", finished);

        // DELETE, then every read is refused
        assertStatus(204, aisp.delete(CONSENTS + "/" + consentId, Map.of()));
        assertEquals("terminatedByTpp", consentStatus(aisp, consentId));
        assertError(aisp.get(ACCOUNTS, consent(consentId)), 401, "ConsentInvalid", "CONSENT_INVALID");
        assertError(aisp.get(ACCOUNTS + "/" + main + "/balances", consent(consentId)), 401, "ConsentInvalid", "CONSENT_INVALID");
        assertError(aisp.get(firstPage, consent(consentId)), 401, "ConsentInvalid", "CONSENT_INVALID");
        assertError(aisp.post(ACCOUNTS + "/refresh", consent(consentId), "{\"initiatedByCustomer\": true}"), 401,
                "ConsentInvalid", "CONSENT_INVALID");
    }

    @Test
    void aConsentRevokedByThePsuInOnlineBankingReadsNothing() {
        String name = "Kappa Finance " + java.util.UUID.randomUUID().toString().substring(0, 6);
        Tpp aisp = newTpp(name, "PSP_AI");
        String consentId = approvedConsent(aisp, aisBody(PSU1_MAIN));
        assertStatus(200, aisp.get(ACCOUNTS, consent(consentId)));

        browser().revokeInOnlineBanking(stack.serviceUrl("aspsp-sandbox"), "psu1", name);

        assertEquals("revokedByPsu", consentStatus(aisp, consentId));
        assertError(aisp.get(ACCOUNTS, consent(consentId)), 401, "ConsentInvalid", "CONSENT_INVALID");
    }

    @Test
    void unattendedReadsBeyondFrequencyPerDayAreRefused() {
        Tpp aisp = newTpp("Lambda Sync", "PSP_AI");
        String consentId = approvedConsent(aisp, aisBody(1, PSU1_MAIN));

        Map<String, String> unattended = Map.of("Consent-Id", consentId);
        assertStatus(200, aisp.get(ACCOUNTS, unattended));
        assertError(aisp.get(ACCOUNTS, unattended), 429, "AccessExceeded", "ACCESS_EXCEEDED");
        // the PSU present does not count
        assertStatus(200, aisp.get(ACCOUNTS, consent(consentId)));
    }

    @Test
    void aDeniedConsentLandsOnTheNokUriAndReadsNothing() {
        Tpp aisp = newTpp("Alpha Budget App", "PSP_AI");
        String nok = redirectUri("nok");
        Response created = consentToPsu1Main(aisp, nok);
        String consentId = created.jsonPath().getString("consentId");

        String landed = browser().open(created.jsonPath().getString("_links.scaRedirect.href")).logIn("psu1").deny()
                .landedUrl();
        assertEquals(nok, landed);
        assertEquals("rejected", consentStatus(aisp, consentId));
        assertEquals("failed", aisp.get(path(created.jsonPath().getString("_links.scaStatus.href")))
                .jsonPath().getString("scaStatus"));
        assertError(aisp.get(ACCOUNTS, consent(consentId)), 401, "ConsentInvalid", "CONSENT_INVALID");
    }

    @Test
    void aPsuWhoDoesNotOwnTheAccountsCannotApprove() {
        Tpp aisp = newTpp("Alpha Budget App", "PSP_AI");
        String nok = redirectUri("nok");
        Response created = consentToPsu1Main(aisp, nok);
        String consentId = created.jsonPath().getString("consentId");

        String landed = browser().open(created.jsonPath().getString("_links.scaRedirect.href")).logIn("psu-poor")
                .landedUrl();
        assertEquals(nok, landed, "psu-poor does not own psu1's account: straight back to the TPP");
        assertEquals("rejected", consentStatus(aisp, consentId));
    }

    /** A consent to psu1's main account, created (201) with redirect SCA: an ok URI of its own and {@code nok}. */
    private static Response consentToPsu1Main(Tpp aisp, String nok) {
        Response created = aisp.post(CONSENTS, redirect(redirectUri("ok"), nok), aisBody(PSU1_MAIN));
        assertStatus(201, created);
        return created;
    }
}
