package eu.xs2a.consent;

import static eu.xs2a.consent.support.Sandbox2.bankUp;
import static eu.xs2a.consent.support.Sandbox2.refusingBank;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.domain.ConsentExpiry;
import eu.xs2a.consent.domain.ConsentForwardTask;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.Sandbox2;
import eu.xs2a.consent.support.Sandbox2TestBase;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.platform.task.RunResult;
import eu.xs2a.platform.task.TaskPoller;
import eu.xs2a.platform.task.TaskQueue;
import eu.xs2a.platform.task.TaskView;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Provider sandbox2 reaches the real bank through a switchable TCP proxy. While it is down a new consent stays
 * {@code accepted} (the create still answers 201) and its forwarding task registers it once the bank is back; a
 * DELETE while the bank is down still answers 204 and the bank is told later. A bank that refuses a consent makes
 * the create ServiceInvalid and the stored consent rejected. A DELETE racing the forwarder does not wait for the bank,
 * and the bank is told of it once it has registered the consent. The task runtime's poller is off in tests:
 * {@code tasks.runDue()} is one poll, as the scheduler would run it.
 */
@QuarkusTest
class BankOutageTest extends Sandbox2TestBase {

    private static final String AIS2 = Sandbox2.AIS;

    @Inject TaskPoller tasks;
    @Inject TaskQueue queue;
    @Inject ConsentExpiry expiry;

    @Test
    void aConsentCreatedWhileTheBankIsDownIsAcceptedThenForwarded() {
        Response created = Signed.post(Tpps.ALPHA, AIS2, Signed.redirectHeaders(), Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals("accepted", created.jsonPath().getString("consentStatus"));
        String id = created.jsonPath().getString("consentId");
        String scaRedirect = created.jsonPath().getString("_links.scaRedirect.href");
        assertNotNull(scaRedirect);
        assertEquals("accepted", status(id));

        // the PSU follows the link while the bank is still down: 503, and the link is not spent
        Response early = given().redirects().follow(false).accept("application/json").get(Psu.gatewayPath(scaRedirect));
        assertError(early, 503, "ServiceUnavailable", "SERVICE_UNAVAILABLE");
        assertNotNull(early.header("Retry-After"));
        // the PSU's browser gets the same refusal as a page: try again, or go back to the TPP
        Response page = given().redirects().follow(false).accept(Psu.BROWSER_ACCEPT).get(Psu.gatewayPath(scaRedirect));
        assertEquals(503, page.statusCode());
        assertTrue(page.contentType().startsWith("text/html"), page.contentType());
        assertTrue(page.asString().contains("try the same link again"), page.asString());
        assertTrue(page.asString().contains("href=\"" + Signed.TPP_NOK + "\""), page.asString());
        // a link checker's HEAD neither spends the link nor calls the bank
        assertEquals(200, given().redirects().follow(false).head(Psu.gatewayPath(scaRedirect)).statusCode());

        // the poller, while the bank is down, keeps it accepted
        clock.advance(Duration.ofMinutes(1));
        tasks.runDue();
        assertEquals("accepted", status(id));

        proxy.up();
        clock.advance(Duration.ofMinutes(5)); // past the doubled retry delay
        tasks.runDue();
        assertEquals("received", status(id));

        // and the journey goes on as usual
        Response back = Psu.approve(scaRedirect);
        assertEquals(302, back.statusCode(), back.asString());
        assertEquals("valid", status(id));
    }

    @Test
    void aDeleteWhileTheBankIsDownSucceedsAndTheBankIsToldLater() {
        proxy.up();
        Response created = Signed.post(Tpps.ALPHA, AIS2, Signed.redirectHeaders(), Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals("received", created.jsonPath().getString("consentStatus"), created.asString());
        String id = created.jsonPath().getString("consentId");
        String bankConsentId = bankConsentId(id);

        proxy.down();
        assertEquals(204, Signed.delete(Tpps.ALPHA, AIS2 + "/" + id).statusCode());
        assertEquals("terminatedByTpp", status(id));
        assertEquals("received", bankStatus(bankConsentId), "the bank has not heard of it yet");

        proxy.up();
        clock.advance(Duration.ofMinutes(1));
        tasks.runDue();
        assertEquals("terminatedByTpp", bankStatus(bankConsentId));
    }

    /**
     * Nothing holds the consent's row while the bank registers it: a DELETE arriving then is answered at once, and
     * the forwarding task, once the bank's answer arrives, keeps the bank's id and deletes the consent at the bank. (A
     * DELETE once waited for the forwarder's row lock, which it held across the bank call.)
     */
    @Test
    void aDeleteWhileTheConsentIsBeingForwardedDoesNotWaitAndTheBankIsToldOfIt() throws Exception {
        Response created = Signed.post(Tpps.ALPHA, AIS2, Signed.redirectHeaders(), Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals("accepted", created.jsonPath().getString("consentStatus"), created.asString());
        String id = created.jsonPath().getString("consentId");

        proxy.up();
        proxy.hold();
        ExecutorService threads = Executors.newSingleThreadExecutor();
        try {
            // what the PSU's link and the poller do: register the consent at the (slow) bank
            Future<RunResult> forward = threads.submit(() -> queue.runNow(ConsentForwardTask.TYPE, id));
            assertTrue(proxy.awaitHeldConnection(10), "the forwarder never reached the bank");
            assertEquals(204, Signed.delete(Tpps.ALPHA, AIS2 + "/" + id).statusCode(), "answered while the bank is slow");
            assertEquals("terminatedByTpp", status(id));
            proxy.release();
            assertEquals(RunResult.DONE, forward.get(10, TimeUnit.SECONDS));
        } finally {
            proxy.release();
            threads.shutdownNow();
        }

        assertEquals("terminatedByTpp", status(id));
        String bankConsentId = bankConsentId(id);
        assertNotNull(bankConsentId, "the bank's id is kept");
        assertEquals("terminatedByTpp", bankStatus(bankConsentId));
        assertFalse(bankDeletePending(id));
    }

    @Test
    void readsWhileTheBankIsDownShowTheStoredStatus() {
        proxy.up();
        Response created = Signed.post(Tpps.ALPHA, AIS2, Signed.redirectHeaders(), Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        String id = created.jsonPath().getString("consentId");
        proxy.down();
        assertEquals("received", status(id));
        assertEquals("received", Signed.get(Tpps.ALPHA, created.jsonPath().getString("_links.scaStatus.href"))
                .jsonPath().getString("scaStatus"));
    }

    @Test
    void aConsentTheBankRefusesIsServiceInvalidAndStoredRejected() throws Exception {
        byte[] body = Signed.aisBody(null, 4, true, Psu.PSU1_MAIN).getBytes(StandardCharsets.UTF_8);
        Map<String, String> signed = Tpps.ALPHA.signer().sign("POST", AIS2, Signed.redirectHeaders(), body);
        Response refused;
        // sandbox2's bank port refuses every call, in place of the bank
        try (AutoCloseable bank = refusingBank(400, "FORMAT_ERROR")) {
            refused = given().headers(signed).contentType("application/json").body(body).post(AIS2);
        }
        assertError(refused, 400, "ServiceInvalid", "SERVICE_INVALID");
        // the refused consent is stored rejected, its authorisation failed, nothing left pending; and its error answer
        // was written by the same transaction (PostgreSQL's xmin), so no crash leaves its X-Request-ID "already used"
        // without an answer
        try (var connection = dataSource.getConnection();
             var statement = connection.prepareStatement("""
                     select c.status,
                            (select count(*) from task t where t.subject = c.id and t.state in ('queued', 'running')),
                            a.sca_status, c.xmin::text,
                            (select r.xmin::text from request_replay r where r.request_id = ?::uuid)
                       from consent c join consent_authorisation a on a.consent_id = c.id
                     where c.provider_code = 'sandbox2' order by c.created_at desc limit 1""")) {
            statement.setString(1, signed.get("X-Request-ID"));
            try (var rows = statement.executeQuery()) {
                assertTrue(rows.next());
                assertEquals("rejected", rows.getString(1));
                assertEquals(0, rows.getInt(2), "no task left for the bank");
                assertEquals("failed", rows.getString(3));
                assertEquals(rows.getString(4), rows.getString(5), "the rejected consent and its answer in one transaction");
            }
        }
        // the retry gets the same error, and the bank (now gone) is not asked again
        Response again = given().headers(signed).contentType("application/json").body(body).post(AIS2);
        assertEquals(400, again.statusCode());
        assertEquals(refused.asString(), again.asString());
    }

    /**
     * A 429 (rate limit) or 401 (the gateway's bank credential refused) says nothing about the consent: like an
     * outage, the create still answers 201 accepted, and the job registers the consent once the bank answers again.
     */
    @Test
    void aRateLimitedOrUnauthorisedCreateIsAcceptedAndForwardedLater() throws Exception {
        for (int status : new int[] {429, 401}) {
            clock.reset(); // no consent created in the future: other tests find theirs as the latest
            Response created;
            try (AutoCloseable bank = refusingBank(status, "REFUSED")) {
                created = Signed.post(Tpps.ALPHA, AIS2, Signed.redirectHeaders(),
                        Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
                assertEquals(201, created.statusCode(), status + ": " + created.asString());
                assertEquals("accepted", created.jsonPath().getString("consentStatus"));
                // the job meets the same answer: still accepted, never rejected
                clock.advance(Duration.ofMinutes(1));
                tasks.runDue();
            }
            String id = created.jsonPath().getString("consentId");
            assertEquals("accepted", status(id), "after a " + status);
            bankUp(proxy);
            clock.advance(Duration.ofMinutes(5));
            tasks.runDue();
            assertEquals("received", status(id), "after a " + status);
            proxy.down();
        }
    }

    /** A deletion the bank answers with a 429 stays pending and the job sends it again; a 404 is not retried. */
    @Test
    void aDeletionAnswered429IsRetriedAndOneAnswered404IsNot() throws Exception {
        bankUp(proxy);
        String retried = createdAtTheBank();
        String unknownThere = createdAtTheBank();
        proxy.down();
        try (AutoCloseable bank = refusingBank(429, "TOO_MANY_REQUESTS")) {
            assertEquals(204, Signed.delete(Tpps.ALPHA, AIS2 + "/" + retried).statusCode());
        }
        assertTrue(bankDeletePending(retried), "a 429 must leave the deletion pending");
        try (AutoCloseable bank = refusingBank(404, "CONSENT_UNKNOWN")) {
            assertEquals(204, Signed.delete(Tpps.ALPHA, AIS2 + "/" + unknownThere).statusCode());
        }
        assertFalse(bankDeletePending(unknownThere), "the bank holds nothing open: nothing left to tell it");

        bankUp(proxy);
        clock.advance(Duration.ofMinutes(1));
        tasks.runDue();
        assertFalse(bankDeletePending(retried));
        assertEquals("terminatedByTpp", bankStatus(bankConsentId(retried)));
    }

    /**
     * The DELETE commits terminatedByTpp first and calls the bank with no transaction open: while the bank is slow
     * to answer, the consent's row is not locked (other reads and the lookup are not held up).
     */
    @Test
    void aDeleteHoldsNoRowLockWhileTheBankAnswers() throws Exception {
        bankUp(proxy);
        String id = createdAtTheBank();
        String bankConsentId = bankConsentId(id);
        proxy.down(); // drops the REST client's pooled connection: the DELETE's must open a new one, to be held
        bankUp(proxy);
        proxy.hold();
        ExecutorService threads = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> delete = threads.submit(() -> Signed.delete(Tpps.ALPHA, AIS2 + "/" + id).statusCode());
            assertTrue(proxy.awaitHeldConnection(10), "the DELETE never reached the bank");
            try (var connection = dataSource.getConnection();
                 var statement = connection.prepareStatement(
                         "select status from consent where id = ? for update nowait")) {
                connection.setAutoCommit(false);
                statement.setString(1, id);
                try (var rows = statement.executeQuery()) {
                    assertTrue(rows.next(), "the row is locked while the bank answers the DELETE");
                    assertEquals("terminatedByTpp", rows.getString(1), "committed before the bank call");
                }
                connection.rollback();
            }
            proxy.release();
            assertEquals(204, delete.get(10, TimeUnit.SECONDS));
        } finally {
            proxy.release();
            threads.shutdownNow();
        }
        assertFalse(bankDeletePending(id));
        assertEquals("terminatedByTpp", bankStatus(bankConsentId));
    }

    /**
     * The bank sends the PSU back after SCA, but cannot then be asked for the outcome (down, or an error): the PSU
     * still goes back to the TPP's redirect URI (the outcome is unknown, not negative), the consent stays as it
     * is, and the TPP's status read learns the outcome from the bank.
     */
    @Test
    void theCallbackSendsThePsuToTheTppWhenTheBankCannotTellTheOutcome() throws Exception {
        bankUp(proxy);
        for (boolean bankAnswersAnError : new boolean[] {false, true}) {
            Response created = Signed.post(Tpps.ALPHA, AIS2, Signed.redirectHeaders(),
                    Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
            String id = created.jsonPath().getString("consentId");
            Psu psu = new Psu("psu1").openScaRedirect(created.jsonPath().getString("_links.scaRedirect.href")).logIn();
            psu.decide("approve");
            Response done = psu.otp("123456");
            assertEquals(303, done.statusCode(), done.asString());
            proxy.down();
            Response back;
            if (bankAnswersAnError) {
                try (AutoCloseable bank = refusingBank(400, "FORMAT_ERROR")) {
                    back = Psu.returnToGateway(done.header("Location"));
                }
            } else {
                back = Psu.returnToGateway(done.header("Location"));
            }
            assertEquals(302, back.statusCode(), back.asString());
            assertEquals(Signed.TPP_OK, back.header("Location"));
            assertEquals("received", status(id), "the stored view, unchanged");
            bankUp(proxy);
            assertEquals("valid", status(id), "the TPP's read asks the bank");
        }
    }

    /**
     * A consent created while the bank was down keeps a usable link until the bank registers it, and the link's
     * ten minutes start then: an outage longer than the link's lifetime does not strand the consent.
     */
    @Test
    void theLinkOfAConsentWaitingForTheBankOutlivesALongOutage() {
        Response created = Signed.post(Tpps.ALPHA, AIS2, Signed.redirectHeaders(), Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals("accepted", created.jsonPath().getString("consentStatus"), created.asString());
        String id = created.jsonPath().getString("consentId");
        String scaRedirect = created.jsonPath().getString("_links.scaRedirect.href");

        clock.advance(Duration.ofMinutes(20));
        assertEquals(200, given().redirects().follow(false).head(Psu.gatewayPath(scaRedirect)).statusCode(),
                "still waiting for the bank: the link is not used up by time");
        bankUp(proxy);
        tasks.runDue();
        assertEquals("received", status(id));
        clock.advance(Duration.ofMinutes(9));
        Response back = Psu.approve(scaRedirect);
        assertEquals(302, back.statusCode(), back.asString());
        assertEquals("valid", status(id));
    }

    /** The SCA deadline asks the bank first; a bank that cannot be asked leaves the consent for the next run. */
    @Test
    void theScaDeadlineWaitsForABankThatCannotBeAsked() {
        bankUp(proxy);
        String id = createdAtTheBank();
        proxy.down();
        clock.advance(Duration.ofHours(25));
        expiry.run();
        assertEquals("received", status(id), "not rejected without the bank's word");
        bankUp(proxy);
        expiry.run();
        assertEquals("rejected", status(id));
        assertTrue(bankDeletePending(id), "the bank is told to close its side");
        tasks.runDue();
        assertEquals("terminatedByTpp", bankStatus(bankConsentId(id)));
    }

    /**
     * A poll stops trying a provider at its first unreachable answer (each try would wait for the bank's timeout), and
     * a PSU reloading the link of an accepted consent does not lengthen the forwarding task's backoff.
     */
    @Test
    void aSyncRunStopsAtTheFirstUnreachableAnswerAndALinkReloadDoesNotCount() {
        String first = Signed.post(Tpps.ALPHA, AIS2, Signed.redirectHeaders(), Signed.aisBody(null, 4, true, Psu.PSU1_MAIN))
                .jsonPath().getString("consentId");
        Response second = Signed.post(Tpps.ALPHA, AIS2, Signed.redirectHeaders(), Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals("accepted", second.jsonPath().getString("consentStatus"));
        clock.advance(Duration.ofMinutes(1));
        int before = acceptedForwardAttempts();
        tasks.runDue();
        assertEquals(before + 1, acceptedForwardAttempts(), "one try at the unreachable bank per poll");

        int attempts = forwardAttempts(first) + forwardAttempts(second.jsonPath().getString("consentId"));
        for (int reload = 0; reload < 3; reload++) {
            assertEquals(503, given().redirects().follow(false)
                    .get(Psu.gatewayPath(second.jsonPath().getString("_links.scaRedirect.href"))).statusCode());
        }
        assertEquals(attempts, forwardAttempts(first) + forwardAttempts(second.jsonPath().getString("consentId")));
    }

    /** Attempts of the forwarding tasks of sandbox2's accepted consents. */
    private int acceptedForwardAttempts() {
        return intQuery("select coalesce(sum(t.attempts), 0) from task t join consent c on c.id = t.subject"
                + " where t.type = ? and t.state in ('queued', 'running') and c.status = 'accepted'"
                + " and c.provider_code = 'sandbox2'", ConsentForwardTask.TYPE);
    }

    private int forwardAttempts(String id) {
        return queue.latest(ConsentForwardTask.TYPE, id).map(TaskView::attempts).orElse(0);
    }

    private int intQuery(String sql, String parameter) {
        try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(sql)) {
            statement.setString(1, parameter);
            try (var rows = statement.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String status(String id) {
        return Signed.get(Tpps.ALPHA, AIS2 + "/" + id + "/status").jsonPath().getString("consentStatus");
    }
}
