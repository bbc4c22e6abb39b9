package eu.xs2a.account;

import eu.xs2a.testsupport.Sql;
import static eu.xs2a.account.AccountReadsTest.ALL_ACCOUNTS;
import static eu.xs2a.account.AccountReadsTest.HISTORY_START;
import static eu.xs2a.account.support.Calls.error;
import static eu.xs2a.account.support.Calls.P;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.account.domain.RefreshAccountStep;
import eu.xs2a.account.domain.RefreshListing;
import eu.xs2a.account.support.Calls;
import eu.xs2a.account.support.Flows;
import eu.xs2a.account.support.Neighbours;
import eu.xs2a.account.support.NeighboursResource;
import eu.xs2a.account.support.TestClock;
import eu.xs2a.account.support.Tpps;
import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskPoller;
import eu.xs2a.platform.task.TaskQueue;
import eu.xs2a.platform.task.TaskView;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The asynchronous refresh (a job row the TPP sees, its work as tasks of the task runtime: retried while the bank
 * cannot be reached, given up after a while, run again after a crash without duplicates), the daily limit of
 * unattended refreshes, psu-slow and psu-slow-data, a bank that is down (provider sandbox2 reaches the bank through a proxy the test
 * cuts), and funds confirmation. The runtime does not poll here: the tests run its polls ({@link TaskPoller#runDue})
 * and move the service's clock past backoffs and the give-up age.
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = NeighboursResource.class, restrictToAnnotatedClass = true)
class RefreshAndBankFailureTest {

    private static final String P2 = "/sandbox2/api/berlingroup/v1";
    /**
     * Polls a refresh may need at most: its listing, its accounts, and other tests' tasks in the way (a poll that
     * finds a bank unreachable leaves that bank's other tasks for the next one). A guard, not a rule.
     */
    private static final int MAX_POLLS = 50;
    /** Past the refresh tasks' backoff cap (psd2.tasks.type.account-refresh*.backoff-cap). */
    private static final Duration PAST_BACKOFF = Duration.ofMinutes(3);
    /** Past the refresh tasks' give-up age (psd2.tasks.type.account-refresh*.give-up-after). */
    private static final Duration PAST_GIVE_UP = Duration.ofMinutes(16);

    @Inject AgroalDataSource db;
    @Inject TaskPoller poller;
    @Inject TaskQueue tasks;
    @Inject TestClock clock;
    @Inject RefreshAccountStep accountStep;

    @AfterEach
    void realTime() {
        clock.reset();
        Neighbours.get().sandbox2BankUp();
    }

    private static String refreshBody(boolean initiatedByCustomer) {
        return "{\"initiatedByCustomer\": " + initiatedByCustomer + "}";
    }

    private static final Set<String> FINAL = Set.of("fetchingFinished", "fetchingFailed", "partiallyFailed");

    /** Runs the task runtime's polls until the consent's latest refresh has ended; its status as the TPP reads it. */
    private String awaitFinal(String api, String consent) throws SQLException {
        runUntilFinal(consent);
        return status(api, consent);
    }

    private String awaitFinal(String consent) throws SQLException {
        return awaitFinal(P, consent);
    }

    /** The consent's refresh status as the TPP reads it ({@code api}: the provider's path). */
    private String status(String api, String consent) {
        clock.reset(); // a TPP's signed request is checked against the real time
        return Calls.get(Tpps.ALPHA, api + "/accounts/refresh/status", consent).then().statusCode(200)
                .extract().path("status");
    }

    /** Polls (on the service's clock as it stands) until the consent's latest job has ended. */
    private void runUntilFinal(String consent) throws SQLException {
        pollUntil("the refresh of " + consent + " ended", () -> FINAL.contains(latestJob(consent).status()));
    }

    private interface Check {
        boolean holds() throws SQLException;
    }

    /** Polls until the check holds. */
    private void pollUntil(String what, Check check) throws SQLException {
        for (int poll = 0; poll < MAX_POLLS && !check.holds(); poll++) {
            poller.runDue();
        }
        assertTrue(check.holds(), what + " (" + MAX_POLLS + " polls)");
    }

    private TaskView listingOf(UUID job) {
        return tasks.latest(RefreshListing.TYPE, job.toString()).orElseThrow();
    }

    @Test
    void aRefreshRunsToFetchingFinishedAndASecondOneMeanwhileIsRefused() throws Exception {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1", ALL_ACCOUNTS, 4);
        Calls.get(Tpps.ALPHA, P + "/accounts/refresh/status", consent).then().statusCode(200)
                .body("status", equalTo("notInitiated"));

        // a refresh already running for this consent (here: on another replica)
        UUID running = insertJob(consent, "fetching");
        error(Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(true)), 406,
                "ActionNotAllowed");
        deleteJob(running);

        Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(true)).then().statusCode(200)
                .body("status", equalTo("processing"))
                .body("_links.refreshStatus.href", equalTo(P + "/accounts/refresh/status"));
        // queued with its first task in one transaction; fetching once that has run, while its accounts' steps wait
        UUID job = latestJob(consent).id();
        assertEquals(TaskView.State.QUEUED, listingOf(job).state());
        pollUntil("the listing ran", () -> listingOf(job).state() == TaskView.State.DONE);
        assertEquals("fetching", status(P, consent));
        error(Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(true)), 406,
                "ActionNotAllowed");
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

    /**
     * What a worker killed mid-refresh leaves: its task running under a lease nobody renews. Here twice: a listing
     * cut short before it stored anything, then an account's step cut short after its data was stored but before
     * the runtime recorded it done. Once the leases have run out both are run again, once, and the account's data
     * is not stored twice.
     */
    @Test
    void refreshStepsCutShortByACrashRunAgainOnceWithoutDuplicates() throws Exception {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1", ALL_ACCOUNTS, 4);
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent).then().statusCode(200);
        long transactions = transactionsOf(consent);
        long balances = balancesOf(consent);
        assertTrue(transactions > 0);
        assertTrue(balances > 0);

        Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(true)).then().statusCode(200);
        UUID job = latestJob(consent).id();
        leaseRanOut(RefreshListing.TYPE, job.toString());
        pollUntil("the listing was taken over", () -> listingOf(job).state() == TaskView.State.DONE);
        assertEquals(1, listingOf(job).attempts(), "taken over and run once; the cut-short run does not count");
        assertEquals("fetching", latestJob(consent).status());

        TaskView step = stepsOf(job).get(0);
        accountStep.run(new Task(step.id(), step.type(), step.subject(), step.payload(), step.target(),
                step.attempts(), step.createdAt()));   // the killed worker's run, its outcome never recorded
        leaseRanOut(RefreshAccountStep.TYPE, step.subject());
        pollUntil("every step done", () -> stepsOf(job).stream().allMatch(t -> t.state() == TaskView.State.DONE));
        assertEquals("fetchingFinished", status(P, consent));
        for (TaskView done : stepsOf(job)) {
            assertEquals(1, done.attempts(), done.subject() + " ran once");
        }
        assertEquals(transactions, transactionsOf(consent), "re-fetching added no transaction twice");
        assertEquals(balances, balancesOf(consent), "nor a balance");
        assertEquals(0, new Sql(db).number("""
                select count(*) from (select account_id, transaction_id from account_transaction
                group by account_id, transaction_id having count(*) > 1) d"""));
    }

    /**
     * A bank that cannot be reached is tried again after the runtime's backoff, at the listing and at an account's
     * step, and nothing is failed meanwhile; once it answers, the refresh finishes, each step done once.
     */
    @Test
    void aRefreshTheBankFailsIsRetriedAndFinishesOnce() throws Exception {
        Neighbours bank = Neighbours.get();
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox2", "psu1", ALL_ACCOUNTS, 4);
        Calls.getWithPsu(Tpps.ALPHA, P2 + "/accounts", consent).then().statusCode(200);
        long transactions = transactionsOf(consent);

        bank.sandbox2BankDown();
        Calls.postJson(Tpps.ALPHA, P2 + "/accounts/refresh", consent, refreshBody(true)).then().statusCode(200);
        UUID job = latestJob(consent).id();
        pollUntil("the listing was tried", () -> listingOf(job).attempts() > 0);
        TaskView listing = listingOf(job);
        assertEquals(TaskView.State.QUEUED, listing.state(), "to be tried again");
        assertTrue(listing.lastError().startsWith("ServiceUnavailable"), listing.lastError());
        assertEquals("fetching", status(P2, consent));

        bank.sandbox2BankUp();
        clock.advance(PAST_BACKOFF);
        pollUntil("the listing ran again", () -> listingOf(job).state() == TaskView.State.DONE);
        assertFalse(stepsOf(job).isEmpty());

        bank.sandbox2BankDown();
        pollUntil("an account's step was tried", () -> stepsOf(job).stream().anyMatch(step -> step.attempts() > 0));
        assertEquals("fetching", latestJob(consent).status(), "an account the bank did not answer is not failed");
        assertTrue(stepsOf(job).stream().allMatch(step -> step.state() == TaskView.State.QUEUED), "to be tried again");

        bank.sandbox2BankUp();
        clock.advance(PAST_BACKOFF);
        runUntilFinal(consent);
        List<TaskView> steps = stepsOf(job);
        for (TaskView step : steps) {
            assertEquals(TaskView.State.DONE, step.state());
        }
        TaskView listed = listingOf(job);
        poller.runDue();
        assertEquals(steps, stepsOf(job), "finished once: no step runs again");
        assertEquals(listed, listingOf(job));
        assertEquals("fetchingFinished", status(P2, consent));
        assertEquals(transactions, transactionsOf(consent));
    }

    /**
     * A refresh the bank keeps failing is given up once it is older than the give-up age: fetchingFailed (one ERROR
     * line), and a new refresh of the consent may start.
     */
    @Test
    void aRefreshTheBankKeepsFailingIsGivenUpAndANewOneMayStart() throws Exception {
        Neighbours bank = Neighbours.get();
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox2", "psu1", ALL_ACCOUNTS, 4);
        bank.sandbox2BankDown();
        Calls.postJson(Tpps.ALPHA, P2 + "/accounts/refresh", consent, refreshBody(true)).then().statusCode(200);
        UUID job = latestJob(consent).id();
        pollUntil("the listing was tried", () -> listingOf(job).attempts() > 0);
        assertEquals("fetching", latestJob(consent).status());
        int attempts = listingOf(job).attempts();

        clock.advance(PAST_GIVE_UP);
        runUntilFinal(consent);
        TaskView listing = listingOf(job);
        assertEquals(TaskView.State.GIVEN_UP, listing.state());
        assertEquals(attempts + 1, listing.attempts(), "given up at its first attempt past the give-up age");
        assertTrue(listing.givenUpReason().startsWith("ServiceUnavailable"), listing.givenUpReason());
        assertEquals("fetchingFailed", status(P2, consent));

        bank.sandbox2BankUp();
        Calls.postJson(Tpps.ALPHA, P2 + "/accounts/refresh", consent, refreshBody(true)).then().statusCode(200);
        assertEquals("fetchingFinished", awaitFinal(P2, consent));
    }

    /** psu-slow's bank answers after the read timeout: the first read fails at once, the refresh once given up. */
    @Test
    void aSlowBankFailsTheFirstReadAndTheRefresh() throws Exception {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu-slow", ALL_ACCOUNTS, 4);
        Response first = Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent);
        error(first, 503, "ServiceUnavailable");
        first.then().header("Retry-After", notNullValue());

        Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(true)).then().statusCode(200);
        UUID job = latestJob(consent).id();
        pollUntil("the listing was tried", () -> listingOf(job).attempts() > 0);
        assertEquals(TaskView.State.QUEUED, listingOf(job).state(), "to be tried again");
        assertEquals("fetching", latestJob(consent).status());
        clock.advance(PAST_GIVE_UP);
        assertEquals("fetchingFailed", awaitFinal(consent));
    }

    /**
     * psu-slow-data's consent is approved and valid at once (its consent and SCA calls at the bank are fast); only its
     * account data answers after the read timeout: the first read is 503 with Retry-After, a second refresh while the
     * first runs is refused, and the refresh ends fetchingFailed once given up.
     */
    @Test
    void slowAccountDataBehindAValidConsentFailsTheFirstReadAndTheRefresh() throws Exception {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu-slow-data", ALL_ACCOUNTS, 4);
        Response first = Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent);
        error(first, 503, "ServiceUnavailable");
        first.then().header("Retry-After", notNullValue());

        Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(true)).then().statusCode(200);
        UUID job = latestJob(consent).id();
        error(Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(true)), 406,
                "ActionNotAllowed");
        pollUntil("the listing was tried", () -> listingOf(job).attempts() > 0);
        assertEquals(TaskView.State.QUEUED, listingOf(job).state(), "to be tried again");
        assertEquals("fetching", latestJob(consent).status());
        error(Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, refreshBody(true)), 406,
                "ActionNotAllowed");
        clock.advance(PAST_GIVE_UP);
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
        Sql sql = new Sql(db);
        assertTrue(sql.update("delete from account_balance where account_id ="
                + " (select id from bank_account where resource_id = ?)", id) > 0);
        assertEquals(1, sql.update("delete from consent_snapshot where consent_id = ?", consent));
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + id + "/balances", consent).then().statusCode(200)
                .body("balances.size()", greaterThan(0));
        assertEquals(1, sql.number("select count(*) from consent_snapshot where consent_id = ?", consent),
                "the fetch finished this time");
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
        return rowsUnder(consent, "account_transaction");
    }

    private long balancesOf(String consent) throws SQLException {
        return rowsUnder(consent, "account_balance");
    }

    /** How many rows of {@code table} (per account) belong to the accounts Alpha's consent covers. */
    private long rowsUnder(String consent, String table) throws SQLException {
        return new Sql(db).number("""
                select count(*) from %s r join consent_account l on l.account_id = r.account_id
                where l.consent_id = ? and l.tpp_id = ?""".formatted(table), consent, Tpps.ALPHA.tppId());
    }

    private record Job(UUID id, String status) {
    }

    private Job latestJob(String consent) throws SQLException {
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(
                "select id, status from refresh_job where consent_id = ? order by created_at desc limit 1")) {
            s.setString(1, consent);
            try (ResultSet rs = s.executeQuery()) {
                assertTrue(rs.next(), "a refresh job of " + consent);
                return new Job(rs.getObject(1, UUID.class), rs.getString(2));
            }
        }
    }

    /** The tasks of the job's account steps, as they stand. */
    private List<TaskView> stepsOf(UUID job) throws SQLException {
        List<TaskView> steps = new ArrayList<>();
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(
                "select account_id from refresh_job_account where job_id = ? order by id")) {
            s.setObject(1, job);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    String subject = RefreshAccountStep.subject(job, rs.getObject(1, UUID.class));
                    steps.add(tasks.latest(RefreshAccountStep.TYPE, subject).orElseThrow());
                }
            }
        }
        return steps;
    }

    /** What a worker killed while running the task leaves: the task running, under a lease that has run out. */
    private void leaseRanOut(String type, String subject) throws SQLException {
        assertEquals(1, new Sql(db).update("""
                update task set state = 'running', lease_token = gen_random_uuid(),
                                lease_until = now() - interval '1 minute'
                 where type = ? and subject = ? and state = 'queued'""", type, subject));
    }

    /** A job of the consent (provider sandbox) as another replica would have queued it, without its task. */
    private UUID insertJob(String consent, String status) throws SQLException {
        UUID id = UUID.randomUUID();
        new Sql(db).update("""
                insert into refresh_job (id, provider_code, tpp_id, consent_id, aspsp_consent_id,
                    initiated_by_customer, status, created_at, updated_at)
                values (?, 'sandbox', ?, ?, 'unknown', true, ?, now(), now())""", id, Tpps.ALPHA.tppId(), consent,
                status);
        return id;
    }

    private void deleteJob(UUID id) throws SQLException {
        new Sql(db).update("delete from refresh_job where id = ?", id);
    }
}
