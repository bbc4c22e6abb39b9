package eu.xs2a.account;

import static eu.xs2a.account.AccountReadsTest.ALL_ACCOUNTS;
import static eu.xs2a.account.AccountReadsTest.HISTORY_START;
import static eu.xs2a.account.support.Calls.error;
import static eu.xs2a.account.support.Calls.P;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.account.support.Calls;
import eu.xs2a.account.support.Flows;
import eu.xs2a.account.support.Neighbours;
import eu.xs2a.account.support.NeighboursResource;
import eu.xs2a.account.support.Tpps;
import eu.xs2a.testsupport.TestPkiResource;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The asynchronous refresh (jobs as rows, leases, restart safety), the daily limit of unattended refreshes, psu-slow,
 * a bank that is down (provider sandbox2 reaches the bank through a proxy the test cuts), and funds confirmation.
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = NeighboursResource.class, restrictToAnnotatedClass = true)
class RefreshAndBankFailureTest {

    private static final String P2 = "/sandbox2/api/berlingroup/v1";
    /** Polling bound for jobs; not an assertion on time, only a guard against waiting forever. */
    private static final Duration JOB_DEADLINE = Duration.ofSeconds(90);

    @Inject
    AgroalDataSource db;

    private static String refreshBody(boolean initiatedByCustomer) {
        return "{\"initiatedByCustomer\": " + initiatedByCustomer + "}";
    }

    private String awaitFinal(String consent) throws InterruptedException {
        Instant deadline = Instant.now().plus(JOB_DEADLINE);
        while (Instant.now().isBefore(deadline)) {
            String status = Calls.get(Tpps.ALPHA, P + "/accounts/refresh/status", consent).then().statusCode(200)
                    .extract().path("status");
            if (status.equals("fetchingFinished") || status.equals("fetchingFailed")
                    || status.equals("partiallyFailed")) {
                return status;
            }
            Thread.sleep(300);
        }
        throw new AssertionError("refresh of " + consent + " did not end");
    }

    @Test
    void aRefreshRunsToFetchingFinishedAndASecondOneMeanwhileIsRefused() throws Exception {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1", ALL_ACCOUNTS, 4);
        Calls.get(Tpps.ALPHA, P + "/accounts/refresh/status", consent).then().statusCode(200)
                .body("status", equalTo("notInitiated"));

        // a refresh already running for this consent (here: on another replica, which holds the lease)
        UUID running = insertJob(consent, "fetching", "worker-of-another-replica", Instant.now().plusSeconds(600));
        error(Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(true)), 406,
                "ActionNotAllowed");
        deleteJob(running);

        Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(true)).then().statusCode(200)
                .body("status", equalTo("processing"))
                .body("_links.refreshStatus.href", equalTo(P + "/accounts/refresh/status"));
        assertEquals("fetchingFinished", awaitFinal(consent));
        // the refreshed data is served
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent).then().statusCode(200);
        // without a body: initiatedByCustomer defaults to false
        Calls.post(Tpps.ALPHA, P + "/accounts/refresh", java.util.Map.of("Consent-ID", consent), null).then()
                .statusCode(200).body("status", equalTo("processing"));
        assertEquals("fetchingFinished", awaitFinal(consent));
    }

    @Test
    void unattendedRefreshesCountAgainstTheDailyLimit() throws Exception {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1", ALL_ACCOUNTS, 1);
        Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(false)).then().statusCode(200);
        awaitFinal(consent);
        error(Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(false)), 429,
                "AccessExceeded");
        // initiated by the customer: not counted
        Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(true)).then().statusCode(200);
        awaitFinal(consent);
    }

    @Test
    void aJobLeftFetchingByAStoppedWorkerIsFinishedWithoutDuplicates() throws Exception {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1", ALL_ACCOUNTS, 4);
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent).then().statusCode(200);
        long before = transactionsOf(consent);
        assertTrue(before > 0);

        // what a stop leaves behind: a job in fetching whose worker's lease has run out
        UUID orphan = insertJob(consent, "fetching", "worker-that-was-stopped", Instant.now().minusSeconds(60));
        assertEquals("fetchingFinished", awaitFinal(consent));
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(
                "select status, attempts, lease_owner from refresh_job where id = ?")) {
            s.setObject(1, orphan);
            try (ResultSet rs = s.executeQuery()) {
                assertTrue(rs.next());
                assertEquals("fetchingFinished", rs.getString(1));
                assertEquals(2, rs.getInt(2), "taken over exactly once");
            }
        }
        assertEquals(before, transactionsOf(consent), "re-fetching added no transaction twice");
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement("""
                select count(*) from (select account_id, transaction_id from account_transaction
                group by account_id, transaction_id having count(*) > 1) d""");
             ResultSet rs = s.executeQuery()) {
            rs.next();
            assertEquals(0, rs.getLong(1));
        }
    }

    /** A job whose workers kept stopping (here: three claims, the last lease run out) is given up, not run again. */
    @Test
    void aJobClaimedTooOftenEndsFetchingFailedAndANewRefreshMayStart() throws Exception {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1", ALL_ACCOUNTS, 4);
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent).then().statusCode(200);
        UUID stuck = insertJob(consent, "fetching", "worker-that-kept-stopping", Instant.now().minusSeconds(60), 3);
        assertEquals("fetchingFailed", awaitFinal(consent));
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(
                "select attempts, lease_owner from refresh_job where id = ?")) {
            s.setObject(1, stuck);
            try (ResultSet rs = s.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(3, rs.getInt(1), "not claimed a fourth time");
                assertEquals(null, rs.getString(2));
            }
        }
        Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(true)).then().statusCode(200);
        assertEquals("fetchingFinished", awaitFinal(consent));
    }

    @Test
    void aSlowBankFailsTheFirstReadAndTheRefresh() throws Exception {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu-slow", ALL_ACCOUNTS, 4);
        Response first = Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent);
        error(first, 503, "ServiceUnavailable");
        first.then().header("Retry-After", notNullValue());

        Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(true)).then().statusCode(200);
        assertEquals("fetchingFailed", awaitFinal(consent));
    }

    /**
     * A first fetch that fails half-way (here: after the account list, before an account's balances) leaves the
     * consent's cover rows without its snapshot. A read of one account then fetches again: it never answers from
     * what that failed fetch left behind (here: no balances at all).
     */
    @Test
    void aFirstFetchThatFailedHalfWayIsFetchedAgainByTheNextAccountRead() throws Exception {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1", ALL_ACCOUNTS, 4);
        String id = Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent).then().statusCode(200).extract()
                .path("accounts[0].resourceId");
        try (Connection c = db.getConnection();
             PreparedStatement balances = c.prepareStatement("delete from account_balance where account_id ="
                     + " (select id from bank_account where resource_id = ?)");
             PreparedStatement snapshot = c.prepareStatement("delete from consent_snapshot where consent_id = ?")) {
            balances.setString(1, id);
            assertTrue(balances.executeUpdate() > 0);
            snapshot.setString(1, consent);
            assertEquals(1, snapshot.executeUpdate());
        }
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + id + "/balances", consent).then().statusCode(200)
                .body("balances.size()", greaterThan(0));
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(
                "select count(*) from consent_snapshot where consent_id = ?")) {
            s.setString(1, consent);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                assertEquals(1, rs.getLong(1), "the fetch finished this time");
            }
        }
    }

    /** A first read the bank fails (503) counts no unattended access: the TPP can retry as Retry-After says. */
    @Test
    void aFirstReadTheBankFailsCountsNoUnattendedAccess() {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu-slow", ALL_ACCOUNTS, 1);
        error(Calls.get(Tpps.ALPHA, P + "/accounts", consent), 503, "ServiceUnavailable");
        // the one access of the day is still there: a 503 again, not AccessExceeded
        error(Calls.get(Tpps.ALPHA, P + "/accounts", consent), 503, "ServiceUnavailable");
    }

    @Test
    void dataOnceFetchedIsServedWhileTheBankIsDown() {
        Neighbours bank = Neighbours.get();
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox2", "psu1", ALL_ACCOUNTS, 4);
        try {
            bank.sandbox2BankDown();
            Response first = Calls.getWithPsu(Tpps.ALPHA, P2 + "/accounts", consent);
            error(first, 503, "ServiceUnavailable");
            first.then().header("Retry-After", notNullValue());

            bank.sandbox2BankUp();
            String id = Calls.getWithPsu(Tpps.ALPHA, P2 + "/accounts", consent).then().statusCode(200)
                    .extract().path("accounts[0].resourceId");

            bank.sandbox2BankDown();
            Calls.getWithPsu(Tpps.ALPHA, P2 + "/accounts?withBalance=true", consent).then().statusCode(200)
                    .body("accounts[0].resourceId", equalTo(id));
            Calls.getWithPsu(Tpps.ALPHA, P2 + "/accounts/" + id + "/balances", consent).then().statusCode(200);
            Calls.getWithPsu(Tpps.ALPHA, P2 + "/accounts/" + id + "/transactions?bookingStatus=both&dateFrom="
                    + HISTORY_START, consent).then().statusCode(200);
        } finally {
            bank.sandbox2BankUp();
        }
    }

    @Test
    void fundsAreConfirmedLiveUnderAConfirmationOfFundsConsent() {
        String ais = Flows.get().validAisConsent(Tpps.BETA, "sandbox", "psu1", ALL_ACCOUNTS, 4);
        String iban = AccountReadsTest.mainIban(Tpps.BETA, ais);
        String otherIban = Calls.getWithPsu(Tpps.BETA, P + "/accounts", ais).then().extract().jsonPath()
                .getString("accounts.find { it.iban != '" + iban + "' }.iban");
        String piis = Flows.get().validFundsConsent(Tpps.BETA, "sandbox", "psu1", iban, null);

        Calls.postJson(Tpps.BETA, P + "/funds-confirmations", piis, funds(iban, "1.00")).then().statusCode(200)
                .body("fundsAvailable", equalTo(true));
        Calls.postJson(Tpps.BETA, P + "/funds-confirmations", piis, funds(iban, "99999999.99")).then()
                .statusCode(200).body("fundsAvailable", equalTo(false));
        error(Calls.postJson(Tpps.BETA, P + "/funds-confirmations", piis, funds(otherIban, "1.00")), 401,
                "ConsentInvalid");
        // the consented IBAN in a currency the bank holds no account in: not the bank's refusal as ServiceInvalid
        io.restassured.response.Response inDollars = Calls.postJson(Tpps.BETA, P + "/funds-confirmations", piis,
                funds(iban, "1.00").replaceFirst("\"iban\": \"" + iban + "\"",
                        "\"iban\": \"" + iban + "\", \"currency\": \"USD\""));
        error(inDollars, 404, "ResourceUnknown");
        assertEquals("The bank holds no account of that reference", inDollars.jsonPath().getString("error_message"));
        // an account-information consent is not a confirmation-of-funds consent
        error(Calls.postJson(Tpps.BETA, P + "/funds-confirmations", ais, funds(iban, "1.00")), 401,
                "ConsentInvalid");
        // another TPP's consent is unknown
        error(Calls.postJson(Tpps.ALPHA, P + "/funds-confirmations", piis, funds(iban, "1.00")), 401,
                "ConsentUnknown");
    }

    @Test
    void aConsentWithACardNumberNeedsThatCardNumber() {
        String ais = Flows.get().validAisConsent(Tpps.BETA, "sandbox", "psu1", ALL_ACCOUNTS, 4);
        String iban = AccountReadsTest.mainIban(Tpps.BETA, ais);
        String card = "4111111111111111";
        String piis = Flows.get().validFundsConsent(Tpps.BETA, "sandbox", "psu1", iban, card);
        String withCard = "{\"account\": {\"iban\": \"" + iban + "\"}, \"cardNumber\": \"" + card
                + "\", \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"5.00\"}}";
        Calls.postJson(Tpps.BETA, P + "/funds-confirmations", piis, withCard).then().statusCode(200)
                .body("fundsAvailable", equalTo(true));
        error(Calls.postJson(Tpps.BETA, P + "/funds-confirmations", piis, withCard.replace(card, "4000000000000002")),
                401, "ConsentInvalid");
        error(Calls.postJson(Tpps.BETA, P + "/funds-confirmations", piis, funds(iban, "5.00")), 401,
                "ConsentInvalid");
    }

    @Test
    void fundsConfirmationWithTheBankDownIsServiceUnavailable() {
        Neighbours bank = Neighbours.get();
        String ais = Flows.get().validAisConsent(Tpps.BETA, "sandbox2", "psu1", ALL_ACCOUNTS, 4);
        String iban = Calls.getWithPsu(Tpps.BETA, P2 + "/accounts", ais).then().statusCode(200).extract()
                .path("accounts[0].iban");
        String piis = Flows.get().validFundsConsent(Tpps.BETA, "sandbox2", "psu1", iban, null);
        try {
            bank.sandbox2BankDown();
            Response r = Calls.postJson(Tpps.BETA, P2 + "/funds-confirmations", piis, funds(iban, "1.00"));
            error(r, 503, "ServiceUnavailable");
            r.then().header("Retry-After", notNullValue());
        } finally {
            bank.sandbox2BankUp();
        }
        Calls.postJson(Tpps.BETA, P2 + "/funds-confirmations", piis, funds(iban, "1.00")).then().statusCode(200)
                .body("fundsAvailable", equalTo(true));
    }

    private static String funds(String iban, String amount) {
        return "{\"account\": {\"iban\": \"" + iban + "\"}, \"instructedAmount\": {\"currency\": \"EUR\", "
                + "\"amount\": \"" + amount + "\"}}";
    }

    private long transactionsOf(String consent) throws SQLException {
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement("""
                select count(*) from account_transaction t join consent_account l on l.account_id = t.account_id
                where l.consent_id = ? and l.tpp_id = ?""")) {
            s.setString(1, consent);
            s.setString(2, Tpps.ALPHA.tppId());
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private UUID insertJob(String consent, String status, String owner, Instant leaseUntil) throws SQLException {
        return insertJob(consent, status, owner, leaseUntil, 1);
    }

    private UUID insertJob(String consent, String status, String owner, Instant leaseUntil, int attempts)
            throws SQLException {
        UUID id = UUID.randomUUID();
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement("""
                insert into refresh_job (id, provider_code, tpp_id, consent_id, aspsp_consent_id,
                    initiated_by_customer, status, lease_owner, lease_until, attempts, created_at, updated_at)
                select ?, 'sandbox', ?, ?, coalesce((select aspsp_consent_id from consent_snapshot
                    where provider_code = 'sandbox' and tpp_id = ? and consent_id = ?), 'unknown'),
                    true, ?, ?, ?, ?, now(), now()""")) {
            s.setObject(1, id);
            s.setString(2, Tpps.ALPHA.tppId());
            s.setString(3, consent);
            s.setString(4, Tpps.ALPHA.tppId());
            s.setString(5, consent);
            s.setString(6, status);
            s.setString(7, owner);
            s.setObject(8, java.sql.Timestamp.from(leaseUntil));
            s.setInt(9, attempts);
            s.executeUpdate();
        }
        return id;
    }

    private void deleteJob(UUID id) throws SQLException {
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(
                "delete from refresh_job where id = ?")) {
            s.setObject(1, id);
            s.executeUpdate();
        }
    }
}
