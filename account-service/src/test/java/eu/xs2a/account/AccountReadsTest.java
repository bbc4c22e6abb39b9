package eu.xs2a.account;

import static eu.xs2a.account.support.Calls.P;
import static eu.xs2a.account.support.Calls.error;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.account.support.Calls;
import eu.xs2a.account.support.Flows;
import eu.xs2a.account.support.NeighboursResource;
import eu.xs2a.account.support.Tpps;
import eu.xs2a.testsupport.BankDates;
import eu.xs2a.testsupport.TestPkiResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Account reads against the real sandbox bank and the real consent-service, with consents got through real SCA. */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = NeighboursResource.class, restrictToAnnotatedClass = true)
class AccountReadsTest {

    static final String ALL_ACCOUNTS = "{\"allPsd2\": \"allAccounts\"}";
    /** Today at sandbox's bank (its time zone from the provider registry), the default dateTo of a report. */
    static final String TODAY = BankDates.today().toString();
    static final String HISTORY_START = BankDates.today().minusDays(400).toString();

    static String allAccountsConsent(eu.xs2a.testsupport.TestTpp tpp, String provider, String psu) {
        return Flows.get().validAisConsent(tpp, provider, psu, ALL_ACCOUNTS, 4);
    }

    /** The TPP's account id for an IBAN, from the account list under the consent. */
    static String accountId(eu.xs2a.testsupport.TestTpp tpp, String consent, String iban) {
        JsonPath list = Calls.getWithPsu(tpp, P + "/accounts", consent).then().statusCode(200).extract().jsonPath();
        return list.getString("accounts.find { it.iban == '" + iban + "' }.resourceId");
    }

    static String mainIban(eu.xs2a.testsupport.TestTpp tpp, String consent) {
        JsonPath list = Calls.getWithPsu(tpp, P + "/accounts", consent).then().statusCode(200).extract().jsonPath();
        return list.getString("accounts.find { it.name == 'Girokonto' }.iban");
    }

    /** Such a consent reaches no resource behind the list, so the list links to none. */
    @Test
    void aConsentToTheListWithBalancesShowsThemButLinksNowhere() {
        String listOnly = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1",
                "{\"availableAccountsWithBalance\": \"allAccounts\"}", 4);
        JsonPath list = Calls.getWithPsu(Tpps.ALPHA, P + "/accounts?withBalance=true", listOnly).then().statusCode(200)
                .body("accounts", hasSize(3))
                .body("accounts[0].balances", notNullValue())
                .extract().jsonPath();
        for (Map<String, Object> account : list.<Map<String, Object>>getList("accounts")) {
            assertFalse(account.containsKey("_links"), "links of " + account);
        }
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + list.getString("accounts[0].resourceId") + "/balances",
                listOnly), 401, "ConsentInvalid");
    }

    @Test
    void theAccountListShowsTheConsentsAccountsWithOpaqueIdsAndLinks() {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        JsonPath list = Calls.getWithPsu(Tpps.ALPHA, P + "/accounts?withBalance=true", consent).then()
                .statusCode(200)
                .body("accounts", hasSize(3))
                .body("accounts[0].currency", equalTo("EUR"))
                .body("accounts[0].balances", notNullValue())
                .body("accounts[0]._links.balances.href", notNullValue())
                .extract().jsonPath();
        for (Map<String, Object> account : list.<Map<String, Object>>getList("accounts")) {
            String resourceId = (String) account.get("resourceId");
            String iban = (String) account.get("iban");
            assertFalse(resourceId.contains(iban.substring(4)), "resourceId " + resourceId + " reveals " + iban);
            assertTrue(((Map<?, ?>) account.get("_links")).containsKey("transactions"));
            assertEquals(P + "/accounts/" + resourceId + "/balances",
                    ((Map<?, ?>) ((Map<?, ?>) account.get("_links")).get("balances")).get("href"));
        }
        // without withBalance no balances
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent).then().statusCode(200)
                .body("accounts[0].balances", nullValue());
    }

    @Test
    void theOwnersNameIsShownOnlyWhereTheConsentAskedForIt() {
        String plain = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", plain).then().statusCode(200)
                .body("accounts.findAll { it.ownerName != null }", hasSize(0));

        String withNames = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1",
                "{\"allPsd2\": \"allAccountsWithOwnerName\"}", 4);
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", withNames).then().statusCode(200)
                .body("accounts.findAll { it.ownerName == null }", hasSize(0));

        // the same TPP's accounts: a consent with the names does not show them under one without, nor the reverse
        String main = mainIban(Tpps.ALPHA, plain);
        String other = Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", plain).then().extract().jsonPath()
                .getString("accounts.find { it.iban != '" + main + "' }.iban");
        String oneName = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1",
                "{\"accounts\": [{\"iban\": \"" + main + "\"}, {\"iban\": \"" + other + "\"}],"
                        + " \"additionalInformation\": {\"ownerName\": [{\"iban\": \"" + main + "\"}]}}", 4);
        JsonPath listed = Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", oneName).then().statusCode(200)
                .body("accounts", hasSize(2)).extract().jsonPath();
        assertNotNull(listed.getString("accounts.find { it.iban == '" + main + "' }.ownerName"));
        assertNull(listed.getString("accounts.find { it.iban == '" + other + "' }.ownerName"));
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + accountId(Tpps.ALPHA, oneName, other), oneName).then()
                .statusCode(200).body("account", not(hasKey("ownerName")));
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + accountId(Tpps.ALPHA, oneName, main), oneName).then()
                .statusCode(200).body("account.ownerName", notNullValue());
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", plain).then().statusCode(200)
                .body("accounts.findAll { it.ownerName != null }", hasSize(0));
    }

    @Test
    void detailsBalancesTransactionsAndOneTransactionOfAnAccount() {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String iban = mainIban(Tpps.ALPHA, consent);
        String id = accountId(Tpps.ALPHA, consent, iban);

        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + id, consent).then().statusCode(200)
                .body("account.resourceId", equalTo(id))
                .body("account.iban", equalTo(iban))
                .body("account", not(hasKey("ownerName")))
                .body("account", not(hasKey("balances")));
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + id + "?withBalance=true", consent).then().statusCode(200)
                .body("account.balances.size()", org.hamcrest.Matchers.greaterThan(0));
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + id + "/balances", consent).then().statusCode(200)
                .body("account.iban", equalTo(iban))
                .body("balances.balanceType", org.hamcrest.Matchers.hasItem("closingBooked"))
                .body("balances[0].balanceAmount.currency", equalTo("EUR"))
                .body("balances[0].balanceAmount.amount", notNullValue());

        JsonPath report = Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + id
                        + "/transactions?bookingStatus=both&withBalance=true&dateFrom=" + HISTORY_START, consent)
                .then().statusCode(200)
                .body("account.iban", equalTo(iban))
                .body("transactions.booked.size()", org.hamcrest.Matchers.greaterThan(0))
                .body("transactions.pending", notNullValue())
                .body("transactions._links.account.href", equalTo(P + "/accounts/" + id))
                .body("balances", notNullValue())
                .extract().jsonPath();
        String txId = report.getString("transactions.booked[0].transactionId");
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + id + "/transactions/" + txId, consent).then()
                .statusCode(200)
                .body("transactionsDetails.transactionId", equalTo(txId))
                .body("transactionsDetails.transactionAmount.currency", equalTo("EUR"))
                .body("transactionsDetails.bookingDate", notNullValue());
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + id + "/transactions/NO-SUCH-TX", consent), 404,
                "ResourceUnknown");
    }

    /**
     * bookingStatus=information: the standing orders, read live from the bank (psu1 has none here: the e2e journey
     * creates one), in transactions.information only; dates are not needed. JSON only; covered as the transactions.
     */
    @Test
    void bookingStatusInformationListsTheStandingOrdersAsJsonOnly() {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String id = accountId(Tpps.ALPHA, consent, mainIban(Tpps.ALPHA, consent));
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + id + "/transactions?bookingStatus=information", consent).then()
                .statusCode(200)
                .body("transactions.information", hasSize(0))
                .body("transactions", not(hasKey("booked")))
                .body("transactions", not(hasKey("pending")))
                .body("transactions._links.account.href", equalTo(P + "/accounts/" + id))
                .body("$", not(hasKey("balances")));
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + id + "/transactions?bookingStatus=information&withBalance=true"
                + "&dateFrom=" + HISTORY_START, consent).then().statusCode(200)
                .body("balances.balanceType", org.hamcrest.Matchers.hasItem("closingBooked"));
        error(Calls.get(Tpps.ALPHA, P + "/accounts/" + id + "/transactions?bookingStatus=information",
                Map.of("Consent-ID", consent, "PSU-IP-Address", "192.0.2.10", "Accept", "application/xml")), 406,
                "ActionNotAllowed");
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + id + "/transactions?bookingStatus=information"
                + "&dateFrom=yesterday", consent), 400, "FormatError");

        String balancesOnly = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1",
                "{\"balances\": [{\"iban\": \"" + mainIban(Tpps.ALPHA, consent) + "\"}]}", 4);
        String sameAccount = accountId(Tpps.ALPHA, balancesOnly, mainIban(Tpps.ALPHA, consent));
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + sameAccount + "/transactions?bookingStatus=information",
                balancesOnly), 401, "ConsentInvalid");
        String card = Calls.getWithPsu(Tpps.ALPHA, P + "/card-accounts", consent).then().statusCode(200).extract()
                .path("cardAccounts[0].resourceId");
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/card-accounts/" + card + "/transactions?bookingStatus=information"
                + "&dateFrom=" + HISTORY_START, consent), 400, "FormatError");
    }

    @Test
    void transactionsComeInPagesOfAtMostOneHundredWithLinks() {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String id = accountId(Tpps.ALPHA, consent, mainIban(Tpps.ALPHA, consent));
        String query = P + "/accounts/" + id + "/transactions?bookingStatus=booked&dateFrom=" + HISTORY_START;

        JsonPath first = Calls.getWithPsu(Tpps.ALPHA, query, consent).then().statusCode(200)
                .body("transactions.booked", hasSize(100))
                .body("transactions", not(hasKey("pending")))
                .body("transactions._links.first.href", notNullValue())
                .body("transactions._links.next.href", notNullValue())
                .body("transactions._links.last.href", notNullValue())
                .body("transactions._links", not(hasKey("previous")))
                .extract().jsonPath();
        Set<String> seen = new HashSet<>(first.getList("transactions.booked.transactionId"));
        String next = first.getString("transactions._links.next.href");
        String last = first.getString("transactions._links.last.href");
        int pages = 1;
        while (next != null) {
            JsonPath page = Calls.getWithPsu(Tpps.ALPHA, next, consent).then().statusCode(200)
                    .body("transactions._links.previous.href", notNullValue())
                    .extract().jsonPath();
            List<String> ids = page.getList("transactions.booked.transactionId");
            assertTrue(ids.size() <= 100);
            for (String txId : ids) {
                assertTrue(seen.add(txId), "transaction " + txId + " on two pages");
            }
            pages++;
            if (page.getString("transactions._links.next.href") == null) {
                assertEquals(last, next, "the page without next is the last page");
            }
            next = page.getString("transactions._links.next.href");
        }
        assertTrue(pages > 1);
        // a smaller page size is allowed, a larger one is not
        Calls.getWithPsu(Tpps.ALPHA, query + "&size=10", consent).then().statusCode(200)
                .body("transactions.booked", hasSize(10));
        error(Calls.getWithPsu(Tpps.ALPHA, query + "&size=500", consent), 400, "FormatError");
    }

    /**
     * A delta list read page by page (following next) gives every booked entry of the plain report once, in the order
     * of their entryReferences; read again it is empty, and another consent's mark is its own. entryReferenceFrom
     * lists those after one; one the account never had is a FormatError.
     */
    @Test
    void aDeltaListGivesEachBookedEntryOnceAndEntryReferenceFromThoseAfterOne() {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String id = accountId(Tpps.ALPHA, consent, mainIban(Tpps.ALPHA, consent));
        String accountPath = P + "/accounts/" + id + "/transactions?bookingStatus=booked";
        Set<String> all = new HashSet<>();
        String next = accountPath + "&dateFrom=" + HISTORY_START + "&size=100";
        while (next != null) {
            JsonPath page = Calls.getWithPsu(Tpps.ALPHA, next, consent).then().statusCode(200).extract().jsonPath();
            all.addAll(page.getList("transactions.booked.transactionId"));
            next = page.getString("transactions._links.next.href");
        }

        List<String> delivered = new java.util.ArrayList<>();
        List<Long> references = new java.util.ArrayList<>();
        next = accountPath + "&deltaList=true&size=7";
        int reads = 0;
        while (next != null) {
            JsonPath page = Calls.getWithPsu(Tpps.ALPHA, next, consent).then().statusCode(200)
                    .body("transactions", not(hasKey("pending")))
                    .extract().jsonPath();
            assertTrue(page.getList("transactions.booked").size() <= 7);
            delivered.addAll(page.getList("transactions.booked.transactionId"));
            page.getList("transactions.booked.entryReference", String.class).forEach(r -> references.add(Long.valueOf(r)));
            next = page.getString("transactions._links.next.href");
            reads++;
        }
        assertTrue(reads > 1, "the delta spans pages");
        assertEquals(all.size(), delivered.size(), "no entry twice");
        assertEquals(all, new HashSet<>(delivered), "none missed");
        assertEquals(references.stream().sorted().toList(), references, "in the order of their entryReferences");
        Calls.getWithPsu(Tpps.ALPHA, accountPath + "&deltaList=true", consent).then().statusCode(200)
                .body("transactions.booked", hasSize(0))
                .body("transactions._links", not(hasKey("next")));
        String other = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + accountId(Tpps.ALPHA, other, mainIban(Tpps.ALPHA, other))
                + "/transactions?bookingStatus=booked&deltaList=true&size=100", other).then().statusCode(200)
                .body("transactions.booked", hasSize(Math.min(100, all.size())));

        long third = references.get(2);
        Calls.getWithPsu(Tpps.ALPHA, accountPath + "&entryReferenceFrom=" + third + "&size=5", consent).then()
                .statusCode(200)
                .body("transactions.booked.transactionId", equalTo(delivered.subList(3, 8)))
                .body("transactions._links.next.href", containsString("entryReferenceFrom=" + third));
        error(Calls.getWithPsu(Tpps.ALPHA, accountPath + "&entryReferenceFrom=" + (references.get(references.size() - 1) + 1_000_000_000L), consent),
                400, "FormatError");
    }

    @Test
    void dateFiltersAndBookingStatusSelectTheTransactions() {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String id = accountId(Tpps.ALPHA, consent, mainIban(Tpps.ALPHA, consent));
        String base = P + "/accounts/" + id + "/transactions?size=100";
        String day = BankDates.today().minusDays(10).toString();

        JsonPath oneDay = Calls.getWithPsu(Tpps.ALPHA, base + "&bookingStatus=booked&dateFrom=" + day
                + "&dateTo=" + day, consent).then().statusCode(200).extract().jsonPath();
        List<String> dates = oneDay.getList("transactions.booked.bookingDate");
        assertFalse(dates.isEmpty(), "the sandbox books something every day");
        dates.forEach(d -> assertEquals(day, d));

        Calls.getWithPsu(Tpps.ALPHA, base + "&bookingStatus=pending&dateFrom=" + HISTORY_START, consent).then()
                .statusCode(200)
                .body("transactions", not(hasKey("booked")))
                .body("transactions.pending.size()", org.hamcrest.Matchers.greaterThan(0));
        // dateTo defaults to today at the bank: a range starting tomorrow is an error without dateTo, empty with it
        String tomorrow = BankDates.today().plusDays(1).toString();
        error(Calls.getWithPsu(Tpps.ALPHA, base + "&bookingStatus=both&dateFrom=" + tomorrow, consent), 400,
                "FormatError");
        Calls.getWithPsu(Tpps.ALPHA, base + "&bookingStatus=both&dateFrom=" + tomorrow + "&dateTo=" + tomorrow,
                consent).then().statusCode(200).body("transactions.booked", hasSize(0))
                .body("transactions.pending", hasSize(0));
        error(Calls.getWithPsu(Tpps.ALPHA, base + "&bookingStatus=both&dateFrom=" + TODAY + "&dateTo=" + day,
                consent), 400, "FormatError");
    }

    @Test
    void anotherTppNeverSeesTheAccountsOrTheConsent() {
        String alphaConsent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String betaConsent = allAccountsConsent(Tpps.BETA, "sandbox", "psu1");
        String iban = mainIban(Tpps.ALPHA, alphaConsent);
        String alphaId = accountId(Tpps.ALPHA, alphaConsent, iban);
        String betaId = accountId(Tpps.BETA, betaConsent, iban);
        assertNotEquals(alphaId, betaId, "the same bank account has another id for another TPP");

        // Beta with Alpha's account id, under Beta's own valid consent: as if it never existed
        error(Calls.getWithPsu(Tpps.BETA, P + "/accounts/" + alphaId, betaConsent), 404, "ResourceUnknown");
        error(Calls.getWithPsu(Tpps.BETA, P + "/accounts/" + alphaId + "/balances", betaConsent), 404,
                "ResourceUnknown");
        error(Calls.getWithPsu(Tpps.BETA, P + "/accounts/" + alphaId + "/transactions?bookingStatus=booked&dateFrom="
                + TODAY, betaConsent), 404, "ResourceUnknown");
        // Beta with Alpha's consent: unknown
        error(Calls.getWithPsu(Tpps.BETA, P + "/accounts", alphaConsent), 401, "ConsentUnknown");
        error(Calls.getWithPsu(Tpps.BETA, P + "/accounts/" + betaId, alphaConsent), 401, "ConsentUnknown");
        // Alpha's consent and account under another provider: unknown too
        error(Calls.getWithPsu(Tpps.ALPHA, "/sandbox2/api/berlingroup/v1/accounts/" + alphaId, alphaConsent), 404,
                "ResourceUnknown");
        error(Calls.getWithPsu(Tpps.ALPHA, "/sandbox2/api/berlingroup/v1/accounts", alphaConsent), 401,
                "ConsentUnknown");
    }

    @Test
    void aConsentAnswersOnlyForWhatItCovers() {
        String all = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String iban = mainIban(Tpps.ALPHA, all);
        String mainId = accountId(Tpps.ALPHA, all, iban);
        String otherId = Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", all).then().extract().jsonPath()
                .getString("accounts.find { it.iban != '" + iban + "' }.resourceId");

        String balancesOnly = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1",
                "{\"balances\": [{\"iban\": \"" + iban + "\"}]}", 4);
        // the first read under this consent fetches its data, then answers from the store
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + mainId + "/balances", balancesOnly).then().statusCode(200)
                .body("balances.size()", org.hamcrest.Matchers.greaterThan(0));
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", balancesOnly).then().statusCode(200)
                .body("accounts", hasSize(1))
                .body("accounts[0].resourceId", equalTo(mainId))
                .body("accounts[0]._links", not(hasKey("transactions")));
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + mainId + "/transactions?bookingStatus=booked&dateFrom="
                + TODAY, balancesOnly), 401, "ConsentInvalid");
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + otherId + "/balances", balancesOnly), 401,
                "ConsentInvalid");
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + otherId, balancesOnly), 401, "ConsentInvalid");
    }

    @Test
    void theDailyLimitCountsOnlyAccessesWithoutThePsu() {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1", ALL_ACCOUNTS, 1);
        // PSU present: never counted
        for (int i = 0; i < 3; i++) {
            Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent).then().statusCode(200);
        }
        Calls.get(Tpps.ALPHA, P + "/accounts", consent).then().statusCode(200);
        error(Calls.get(Tpps.ALPHA, P + "/accounts", consent), 429, "AccessExceeded");
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent).then().statusCode(200);
    }

    @Test
    void aBadTransactionRequestNeverCountsAnUnattendedAccess() {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1", ALL_ACCOUNTS, 1);
        String id = accountId(Tpps.ALPHA, consent, mainIban(Tpps.ALPHA, consent));
        String transactions = P + "/accounts/" + id + "/transactions";
        error(Calls.get(Tpps.ALPHA, transactions + "/NO-SUCH-TX", consent), 404, "ResourceUnknown");
        error(Calls.get(Tpps.ALPHA, transactions + "?bookingStatus=booked&dateFrom=" + HISTORY_START
                + "&size=100&page=21474837", consent), 400, "FormatError");
        Calls.get(Tpps.ALPHA, transactions + "?bookingStatus=booked&dateFrom=" + HISTORY_START, consent).then()
                .statusCode(200);
        error(Calls.get(Tpps.ALPHA, transactions + "?bookingStatus=booked&dateFrom=" + HISTORY_START, consent), 429,
                "AccessExceeded");
    }

    @Test
    void aConsentTheTppEndedIsInvalid() {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent).then().statusCode(200);
        Flows.get().delete(Tpps.ALPHA, "sandbox", "/v1/consents", consent);
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent), 401, "ConsentInvalid");
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", "no-such-consent"), 401, "ConsentUnknown");
    }

    @Test
    void aConsentPastItsValidUntilIsExpiredAndTheAnswerIsPassedOn() throws Exception {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String id = accountId(Tpps.ALPHA, consent, mainIban(Tpps.ALPHA, consent));
        // time passes for consent-service: its own (test) database says the consent ended yesterday
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(
                "jdbc:postgresql://localhost:5432/xs2a_consent_account_test", "xs2a", "xs2a");
             java.sql.PreparedStatement s = c.prepareStatement(
                     "update consent set valid_until = current_date - 1 where id = ?")) {
            s.setString(1, consent);
            assertEquals(1, s.executeUpdate());
        }
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent), 401, "ConsentExpired");
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + id + "/balances", consent), 401, "ConsentExpired");
    }

    /** Any value would claim the PSU's presence (not counted), so it must be an address, as payments require. */
    @Test
    void aPsuIpAddressThatIsNoAddressIsAFormatError() {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        for (String bad : new String[] {"not-an-ip", "300.1.1.1", "1.2.3"}) {
            Response response = Calls.get(Tpps.ALPHA, P + "/accounts", Map.of("Consent-ID", consent, "PSU-IP-Address", bad));
            error(response, 400, "FormatError");
            response.then().body("error_message", containsString("PSU-IP-Address"));
        }
        Calls.get(Tpps.ALPHA, P + "/accounts", Map.of("Consent-ID", consent, "PSU-IP-Address", "2001:db8::7"))
                .then().statusCode(200);
    }

    @Test
    void psuCorporateIdLimitsTheListToThatCorporatesAccounts() {
        String consent = allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        Calls.get(Tpps.ALPHA, P + "/accounts", Map.of("Consent-ID", consent, "PSU-IP-Address", "192.0.2.10",
                "PSU-Corporate-ID", "ERIKA-CORP-1")).then().statusCode(200)
                .body("accounts", hasSize(1))
                .body("accounts[0].usage", equalTo("ORGA"));
    }
}
