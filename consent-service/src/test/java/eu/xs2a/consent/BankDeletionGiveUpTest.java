package eu.xs2a.consent;

import static eu.xs2a.consent.support.Sandbox2.bankUp;
import static eu.xs2a.consent.support.Sandbox2.refusingBank;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.domain.BankDeletionTask;
import eu.xs2a.consent.domain.ConsentJobs;
import eu.xs2a.testsupport.CapturedLog;
import eu.xs2a.consent.support.Sandbox2;
import eu.xs2a.consent.support.Sandbox2TestBase;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.platform.task.TaskPoller;
import eu.xs2a.platform.task.TaskQueue;
import eu.xs2a.platform.task.TaskView;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A deletion the bank never takes, through the real bank port (RestBankConsentPort) of provider sandbox2: a bank
 * refusing it (400) or not reachable at all. The task runtime retries it with backoff until
 * psd2.tasks.type.consent-bank-delete.give-up-after (72 h) has passed since the deletion was due, then gives it up:
 * the task's row records when and why (found by the README's query), one ERROR line names the task, the consent and
 * the last failure, and the bank is never called for it again. The poller is off in tests: {@code tasks.runDue()} is
 * one poll.
 */
@QuarkusTest
class BankDeletionGiveUpTest extends Sandbox2TestBase {

    /** The operator's query of the README ("Deletions the bank never took"). */
    private static final String GIVEN_UP_QUERY = """
            select t.subject as consent_id, c.provider_code, c.bank_consent_id, t.updated_at as given_up_at,
                   t.given_up_reason
              from task t join consent c on c.id = t.subject
             where t.type = 'consent-bank-delete' and t.state = 'given_up'
               and not exists (select 1 from task later
                                where later.type = t.type and later.subject = t.subject and later.id > t.id)
             order by t.updated_at""";
    /** Where the task runtime logs. */
    private static final String RUNTIME_LOG = TaskQueue.class.getPackageName();
    /** More than every pending deletion of sandbox2 left by other tests: each run gives up at least one. */
    private static final int MAX_RUNS = 50;

    @Inject ConsentJobs jobs;
    @Inject TaskPoller tasks;
    @Inject TaskQueue queue;

    @Test
    void aDeletionTheBankKeepsRefusingBacksOffThenIsGivenUpAndRecorded() throws Exception {
        bankUp(proxy);
        String id = createdAtTheBank();
        String bankConsentId = bankConsentId(id);
        proxy.down();
        try (AutoCloseable bank = refusingBank(400, "FORMAT_ERROR");
             CapturedLog log = CapturedLog.of(RUNTIME_LOG)) {
            Instant deleted = clock.instant();
            assertEquals(204, Signed.delete(Tpps.ALPHA, Sandbox2.AIS + "/" + id).statusCode());
            assertTrue(bankDeletePending(id));
            assertEquals(1, attempts(id), "the DELETE itself told the bank once");
            assertNextAttemptWithin(id, deleted, Duration.ofSeconds(30));

            clock.advance(Duration.ofMinutes(1));
            Instant run = clock.instant();
            tasks.runDue();
            assertEquals(2, attempts(id));
            assertNextAttemptWithin(id, run, Duration.ofSeconds(60)); // doubled ceiling
            assertTrue(bankDeletePending(id));
            assertEquals(TaskView.State.QUEUED, deletion(id).state());

            clock.advance(Duration.ofHours(72)); // past the bound, counted from the DELETE
            runUntilSettled(id);
            assertFalse(bankDeletePending(id), "given up: the consent no longer waits for the bank");
            TaskView givenUp = deletion(id);
            assertEquals(TaskView.State.GIVEN_UP, givenUp.state());
            assertTrue(givenUp.givenUpReason().startsWith("ServiceInvalid, HTTP 400"), givenUp.givenUpReason());
            List<String> errors = log.linesWith("ERROR Task " + BankDeletionTask.TYPE + " " + id);
            assertEquals(1, errors.size(), log.lines().toString());
            assertTrue(errors.get(0).contains("given up after"), errors.get(0));
            assertTrue(errors.get(0).contains("ServiceInvalid, HTTP 400"), errors.get(0));
            assertTrue(givenUpIds().contains(id), "the README's query finds it");

            // never tried again, never logged again
            int attempts = attempts(id);
            clock.advance(Duration.ofDays(1));
            tasks.runDue();
            assertEquals(attempts, attempts(id));
            assertEquals(1, log.linesWith("ERROR Task " + BankDeletionTask.TYPE + " " + id).size());
        }
        assertEquals("received", bankStatus(bankConsentId), "the bank still holds it open: for an operator");
    }

    @Test
    void aDeletionTheBankCannotBeReachedForIsGivenUpAfterTheBoundOnly() throws Exception {
        bankUp(proxy);
        String id = createdAtTheBank();
        proxy.down();
        try (CapturedLog log = CapturedLog.of(RUNTIME_LOG)) {
            assertEquals(204, Signed.delete(Tpps.ALPHA, Sandbox2.AIS + "/" + id).statusCode());
            clock.advance(Duration.ofHours(71));
            runUntilTried(id);
            assertTrue(bankDeletePending(id), "within the bound: still retried");
            assertEquals(TaskView.State.QUEUED, deletion(id).state());
            assertEquals(List.of(), log.linesWith("ERROR Task " + BankDeletionTask.TYPE + " " + id));

            clock.advance(Duration.ofHours(1));
            runUntilSettled(id);
            assertFalse(bankDeletePending(id));
            String failure = deletion(id).givenUpReason();
            assertTrue(failure.startsWith("ServiceUnavailable, "), failure);
            assertEquals(1, log.linesWith("ERROR Task " + BankDeletionTask.TYPE + " " + id).size(),
                    log.lines().toString());
        }
    }

    /** A deletion given up is due anew when the consent ends again (the TPP deletes one rejected at the deadline). */
    @Test
    void theBankHearsOfADeletionThatIsDueAnewAfterAGiveUp() throws Exception {
        bankUp(proxy);
        String id = createdAtTheBank();
        String bankConsentId = bankConsentId(id);
        clock.advance(Duration.ofHours(25));
        jobs.expire(); // the SCA deadline: rejected, and the bank is to close its side
        assertEquals("rejected", storedStatus(id));
        proxy.down();
        try (AutoCloseable bank = refusingBank(400, "FORMAT_ERROR")) {
            clock.advance(Duration.ofHours(73));
            runUntilSettled(id);
        }
        assertEquals(TaskView.State.GIVEN_UP, deletion(id).state());
        assertTrue(givenUpIds().contains(id));

        bankUp(proxy);
        assertEquals(204, Signed.delete(Tpps.ALPHA, Sandbox2.AIS + "/" + id).statusCode());
        assertFalse(bankDeletePending(id));
        assertEquals(TaskView.State.DONE, deletion(id).state(), "the new deletion reached the bank");
        assertFalse(givenUpIds().contains(id), "no longer among the deletions the bank never took");
        assertEquals("terminatedByTpp", bankStatus(bankConsentId));
    }

    /**
     * Polls until this consent's deletion is no longer pending, at most {@link #MAX_RUNS} times. A poll stops trying
     * sandbox2 at its first unreachable answer, which may be another test's pending deletion; the next poll goes on
     * with the next one.
     */
    private void runUntilSettled(String id) {
        for (int run = 0; run < MAX_RUNS && bankDeletePending(id); run++) {
            tasks.runDue();
        }
    }

    /** Polls until the runtime has tried this consent's deletion once more (see {@link #runUntilSettled}). */
    private void runUntilTried(String id) {
        int before = attempts(id);
        for (int run = 0; run < MAX_RUNS && attempts(id) == before; run++) {
            tasks.runDue();
        }
        assertEquals(before + 1, attempts(id), "the runtime tried the deletion again");
    }

    /** The next attempt comes after a jittered pause of at most {@code ceiling} (full jitter: from none at all). */
    private void assertNextAttemptWithin(String id, Instant from, Duration ceiling) {
        Instant next = deletion(id).nextAttemptAt();
        // the attempt reads the clock a moment after from: within a few seconds of it
        assertTrue(!next.isBefore(from) && next.isBefore(from.plus(ceiling).plusSeconds(5)), next + " vs " + from);
    }

    /** The newest task telling the bank of this consent's end. */
    private TaskView deletion(String id) {
        return queue.latest(BankDeletionTask.TYPE, id).orElseThrow();
    }

    private int attempts(String id) {
        return deletion(id).attempts();
    }

    private List<String> givenUpIds() throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(GIVEN_UP_QUERY);
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }
}
