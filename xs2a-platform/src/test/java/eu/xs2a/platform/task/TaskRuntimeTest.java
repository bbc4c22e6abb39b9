package eu.xs2a.platform.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.LogLines;
import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The task runtime against the real PostgreSQL (xs2a_platform_test, table task of db/tasks/V1__tasks.sql), with
 * the scheduled poller off (psd2.tasks.poll-every=off): each test polls itself, in as many threads as it needs.
 */
@QuarkusTest
class TaskRuntimeTest {

    private static final String TYPE = ScriptedTasks.TYPE;

    @Inject TaskQueue queue;
    @Inject TaskPoller poller;
    @Inject ScriptedTasks handler;
    @Inject HeldTasks held;
    @Inject TaskClock clock;
    @Inject TaskConfig config;
    @Inject AgroalDataSource dataSource;

    @AfterEach
    void cleanUp() throws SQLException {
        clock.reset();
        handler.reset();
        held.reset();
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("delete from task");
        }
    }

    @Test
    void anEnqueuedTaskCommitsOrRollsBackWithItsTransaction() {
        assertThrows(IllegalStateException.class, () -> QuarkusTransaction.requiringNew().run(() -> {
            assertTrue(queue.enqueue(TYPE, "rolled-back", null));
            throw new IllegalStateException("the business change failed");
        }));
        assertTrue(queue.latest(TYPE, "rolled-back").isEmpty(), "rolled back with the change");

        QuarkusTransaction.requiringNew().run(() -> queue.enqueue(TYPE, "committed", "{\"n\":1}"));
        TaskView task = queue.latest(TYPE, "committed").orElseThrow();
        assertEquals(TaskView.State.QUEUED, task.state());
        assertEquals("{\"n\":1}", task.payload());
        assertEquals(0, task.attempts());

        assertThrows(IllegalStateException.class, () -> queue.enqueue(TYPE, "no-transaction", null),
                "never outside the change's transaction");
        assertThrows(IllegalArgumentException.class,
                () -> QuarkusTransaction.requiringNew().run(() -> queue.enqueue("no-such-type", "x", null)));
    }

    @Test
    void enqueueingAPendingTaskAgainIsANoOpAndAFinishedOneMayComeAgain() {
        assertTrue(QuarkusTransaction.requiringNew().call(() -> queue.enqueue(TYPE, "twice", "first")));
        TaskView first = queue.latest(TYPE, "twice").orElseThrow();
        clock.advance(Duration.ofMinutes(1));
        assertFalse(QuarkusTransaction.requiringNew().call(() -> queue.enqueue(TYPE, "twice", "second")));
        TaskView still = queue.latest(TYPE, "twice").orElseThrow();
        assertEquals(first.id(), still.id());
        assertEquals(first.createdAt(), still.createdAt(), "keeps its age");
        assertEquals("first", still.payload());

        assertEquals(1, poller.runDue());
        assertEquals(TaskView.State.DONE, queue.latest(TYPE, "twice").orElseThrow().state());
        assertTrue(QuarkusTransaction.requiringNew().call(() -> queue.enqueue(TYPE, "twice", "again")));
        assertEquals("again", queue.latest(TYPE, "twice").orElseThrow().payload());
    }

    @Test
    void concurrentPollersNeverRunOneTaskTwice() throws Exception {
        int tasks = 60;
        QuarkusTransaction.requiringNew().run(() -> {
            for (int i = 0; i < tasks; i++) {
                queue.enqueue(TYPE, "many-" + i, null);
            }
        });
        int pollers = 4;
        CyclicBarrier start = new CyclicBarrier(pollers);
        ExecutorService threads = Executors.newFixedThreadPool(pollers);
        try {
            List<Future<Integer>> ran = new ArrayList<>();
            for (int i = 0; i < pollers; i++) {
                ran.add(threads.submit(() -> {
                    start.await(10, TimeUnit.SECONDS);
                    return poller.runDue();
                }));
            }
            int total = 0;
            for (Future<Integer> each : ran) {
                total += each.get(60, TimeUnit.SECONDS);
            }
            assertEquals(tasks, total, "every task ran once, whichever poller ran it");
        } finally {
            threads.shutdownNow();
        }
        for (int i = 0; i < tasks; i++) {
            assertEquals(1, handler.runs("many-" + i), "many-" + i);
            assertEquals(TaskView.State.DONE, queue.latest(TYPE, "many-" + i).orElseThrow().state());
        }
    }

    /**
     * A task that waited behind a slow one of its batch until its lease ran out is checked before it runs: another
     * poller took it meanwhile and ran it, so this worker does not run it a second time. (A task run right after its
     * claim skips that check: nobody can have taken it yet.)
     */
    @Test
    void aTaskWhoseLeaseRanOutWhileItWaitedInItsBatchIsNotRunTwice() {
        handler.script("slow", task -> {
            clock.advance(config.lease().plusSeconds(1));
            assertEquals(2, poller.runDue(), "another poller takes both expired leases");
            return TaskOutcome.done();
        });
        QuarkusTransaction.requiringNew().run(() -> {
            queue.enqueue(TYPE, "slow", null);
            queue.enqueue(TYPE, "waiting", null);
        });

        poller.runDue();

        assertEquals(1, handler.runs("waiting"), "run once, by the poller that held its lease");
        assertEquals(TaskView.State.DONE, queue.latest(TYPE, "waiting").orElseThrow().state());
    }

    /**
     * A worker whose lease runs out while its handler is still busy (it died: kill -9, or hung past its max-run) loses
     * the task: another poller takes it and records its outcome, and the first worker's late outcome is refused.
     */
    @Test
    void anExpiredLeaseIsTakenOverAndTheStaleWorkersOutcomeIsRefused() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        handler.script("stale", task -> {
            running.countDown();
            await(finish);
            return TaskOutcome.retry("the first worker's late answer");
        }, task -> TaskOutcome.done());
        QuarkusTransaction.requiringNew().run(() -> queue.enqueue(TYPE, "stale", null));
        ExecutorService threads = Executors.newSingleThreadExecutor();
        try {
            Future<RunResult> first = threads.submit(() -> queue.runNow(TYPE, "stale"));
            assertTrue(running.await(10, TimeUnit.SECONDS));
            assertEquals(0, poller.runDue(), "a live lease keeps other pollers away");
            assertEquals(RunResult.BUSY, queue.runNow(TYPE, "stale"));

            clock.advance(config.lease().plusSeconds(1));
            assertEquals(1, poller.runDue(), "the expired lease is claimed again");
            assertEquals(TaskView.State.DONE, queue.latest(TYPE, "stale").orElseThrow().state());

            finish.countDown();
            assertEquals(RunResult.LOST, first.get(10, TimeUnit.SECONDS));
        } finally {
            finish.countDown();
            threads.shutdownNow();
        }
        TaskView task = queue.latest(TYPE, "stale").orElseThrow();
        assertEquals(TaskView.State.DONE, task.state(), "the new owner's outcome stands");
        assertEquals(1, task.attempts(), "the refused run did not count");
        assertNull(task.lastError());
        assertEquals(2, handler.runs("stale"));
    }

    /**
     * A run longer than its lease keeps the task: the heartbeat renews the lease every third of it (test-held: 1 s),
     * so no other poller takes the task over. A run still going after its max-run is taken for hung: one WARN line,
     * the lease is no longer renewed and runs out, and from then on another worker may take the task over.
     */
    @Test
    void theHeartbeatKeepsALongRunsLeaseUntilItsMaxRun() throws Exception {
        QuarkusTransaction.requiringNew().run(() -> queue.enqueue(HeldTasks.TYPE, "long", null));
        ExecutorService threads = Executors.newSingleThreadExecutor();
        try (LogLines log = LogLines.of(LeaseHeartbeat.class)) {
            Future<RunResult> run = threads.submit(() -> queue.runNow(HeldTasks.TYPE, "long"));
            assertTrue(held.awaitStart());
            Instant firstLease = queue.latest(HeldTasks.TYPE, "long").orElseThrow().leaseUntil();

            waitUntil(() -> clock.instant().isAfter(firstLease.plusMillis(300)), "the first lease's end");
            assertTrue(queue.latest(HeldTasks.TYPE, "long").orElseThrow().leaseUntil().isAfter(clock.instant()),
                    "renewed while the handler runs");
            assertEquals(0, poller.runDue(), "a renewed lease keeps other pollers away");

            clock.advance(Duration.ofMinutes(1));
            waitUntil(() -> !log.with("WARN").isEmpty(), "the heartbeat to give up a run past its max-run");
            Instant lastLease = queue.latest(HeldTasks.TYPE, "long").orElseThrow().leaseUntil();
            waitUntil(() -> clock.instant().isAfter(lastLease.plusMillis(500)), "the last lease's end");
            assertEquals(lastLease, queue.latest(HeldTasks.TYPE, "long").orElseThrow().leaseUntil(),
                    "no longer renewed: it has run out");
            assertEquals(List.of("WARN Task test-held long still running after PT1M (max-run): its lease is no longer"
                    + " renewed, so another worker may take it over once it runs out"), log.with("WARN"));

            held.finishRuns();
            assertEquals(RunResult.DONE, run.get(10, TimeUnit.SECONDS), "nobody took it over: its outcome stands");
        } finally {
            held.finishRuns();
            threads.shutdownNow();
        }
        assertEquals(1, held.runs());
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited 10 s for " + what);
            }
            Thread.sleep(50);
        }
    }

    /** During an outage a handler throws on every attempt: one WARN line per attempt naming the cause, no trace. */
    @Test
    void aHandlerThatThrowsIsRetriedAndLoggedOnOneLine() throws Exception {
        handler.script("throwing", task -> {
            throw new IllegalStateException("Unable to acquire JDBC Connection",
                    new SQLException("Connection to localhost:5432 refused.", "08001"));
        });
        QuarkusTransaction.requiringNew().run(() -> queue.enqueue(TYPE, "throwing", null));
        try (LogLines log = LogLines.of(TaskRunner.class)) {
            assertEquals(1, poller.runDue());
            assertEquals(List.of("WARN Task " + TYPE + " throwing failed unexpectedly (attempt 1): java.sql.SQLException:"
                    + " Connection to localhost:5432 refused."), log.with("WARN"));
            assertEquals(0, log.withTrace, "the trace only at DEBUG");
        }
        TaskView retried = queue.latest(TYPE, "throwing").orElseThrow();
        assertEquals(TaskView.State.QUEUED, retried.state());
        assertEquals(1, retried.attempts());
    }

    @Test
    void aFailedRunIsRetriedAfterAJitteredBackoffAndGivenUpPastTheAgeWithOneErrorLine() throws Exception {
        handler.script("failing", task -> TaskOutcome.retry("bank down"), task -> TaskOutcome.retry("bank down"),
                task -> TaskOutcome.retry("bank still down"));
        QuarkusTransaction.requiringNew().run(() -> queue.enqueue(TYPE, "failing", null));
        Instant run = clock.instant();
        assertEquals(1, poller.runDue());
        TaskView retried = queue.latest(TYPE, "failing").orElseThrow();
        assertEquals(TaskView.State.QUEUED, retried.state());
        assertEquals(1, retried.attempts());
        assertEquals("bank down", retried.lastError());
        assertFalse(retried.nextAttemptAt().isBefore(run));
        assertFalse(retried.nextAttemptAt().isAfter(clock.instant().plus(config.backoffBase())),
                "within the first ceiling: " + retried.nextAttemptAt());

        clock.advance(config.backoffBase());
        assertEquals(1, poller.runDue());
        assertEquals(2, queue.latest(TYPE, "failing").orElseThrow().attempts());

        try (LogLines log = LogLines.of(TaskRunner.class)) {
            clock.advance(config.giveUpAfter());
            assertEquals(1, poller.runDue());
            TaskView givenUp = queue.latest(TYPE, "failing").orElseThrow();
            assertEquals(TaskView.State.GIVEN_UP, givenUp.state());
            assertEquals(3, givenUp.attempts());
            assertTrue(givenUp.givenUpReason().startsWith("bank still down (still failing"), givenUp.givenUpReason());
            assertEquals(List.of("failing: " + givenUp.givenUpReason()), handler.givenUp(), "told in the same transaction");
            List<String> errors = log.with("ERROR");
            assertEquals(1, errors.size(), log.lines.toString());
            assertTrue(errors.get(0).contains("Task " + TYPE + " failing given up after 3 attempt(s)"), errors.get(0));

            clock.advance(Duration.ofDays(1));
            assertEquals(0, poller.runDue(), "never run again");
            assertEquals(1, log.with("ERROR").size());
        }
    }

    @Test
    void aHandlerGivingUpOrThrowingIsRecordedAsSuch() {
        handler.script("hopeless", task -> TaskOutcome.giveUp("the bank refuses it"));
        handler.script("throws", task -> {
            throw new IllegalStateException("a bug");
        });
        QuarkusTransaction.requiringNew().run(() -> {
            queue.enqueue(TYPE, "hopeless", null);
            queue.enqueue(TYPE, "throws", null);
        });
        assertEquals(2, poller.runDue());
        TaskView hopeless = queue.latest(TYPE, "hopeless").orElseThrow();
        assertEquals(TaskView.State.GIVEN_UP, hopeless.state());
        assertEquals("the bank refuses it", hopeless.givenUpReason());
        TaskView threw = queue.latest(TYPE, "throws").orElseThrow();
        assertEquals(TaskView.State.QUEUED, threw.state(), "an exception is a retry");
        assertEquals("java.lang.IllegalStateException: a bug", threw.lastError());
    }

    /** A user's extra attempt that fails leaves the task exactly as the poller left it. */
    @Test
    void tryNowLeavesAFailedTaskAsItWasAndRunNowCounts() {
        handler.script("link", task -> TaskOutcome.retry("first"), task -> TaskOutcome.retry("reload"),
                task -> TaskOutcome.retry("counted"));
        QuarkusTransaction.requiringNew().run(() -> queue.enqueue(TYPE, "link", null));
        poller.runDue();
        TaskView before = queue.latest(TYPE, "link").orElseThrow();
        assertEquals(RunResult.RETRY, queue.tryNow(TYPE, "link"));
        TaskView after = queue.latest(TYPE, "link").orElseThrow();
        assertEquals(before.attempts(), after.attempts());
        assertEquals(before.nextAttemptAt(), after.nextAttemptAt());
        assertEquals(TaskView.State.QUEUED, after.state());
        assertEquals("reload", after.lastError());

        assertEquals(RunResult.RETRY, queue.runNow(TYPE, "link"), "not due yet, run all the same");
        assertEquals(before.attempts() + 1, queue.latest(TYPE, "link").orElseThrow().attempts());
        assertEquals(RunResult.DONE, queue.runNow(TYPE, "link"));
        assertEquals(RunResult.NOTHING_PENDING, queue.runNow(TYPE, "link"));
        assertThrows(IllegalStateException.class,
                () -> QuarkusTransaction.requiringNew().run(() -> queue.runNow(TYPE, "link")),
                "never inside a transaction: the handler calls the other side");
    }

    /** A request that acts at once enqueues its task claimed: nobody else runs it unless the request dies. */
    @Test
    void aTaskClaimedAtEnqueueingIsItsEnqueuersUntilItsLeaseRunsOut() {
        ClaimedTask mine = QuarkusTransaction.requiringNew()
                .call(() -> queue.enqueueClaimed(NewTask.of(TYPE, "mine"))).orElseThrow();
        assertEquals(TaskView.State.RUNNING, queue.latest(TYPE, "mine").orElseThrow().state());
        assertTrue(QuarkusTransaction.requiringNew().call(() -> queue.enqueueClaimed(NewTask.of(TYPE, "mine")))
                .isEmpty(), "one pending task per subject");
        assertEquals(0, poller.runDue(), "the poller leaves a held task alone");
        assertEquals(RunResult.BUSY, queue.runNow(TYPE, "mine"));
        assertEquals(RunResult.DONE, queue.run(mine));
        assertEquals(1, handler.runs("mine"));
        assertEquals(TaskView.State.DONE, queue.latest(TYPE, "mine").orElseThrow().state());

        // the enqueuer died before its run: the poller takes the task once its lease has run out
        QuarkusTransaction.requiringNew().run(() -> queue.enqueueClaimed(NewTask.of(TYPE, "orphan")));
        assertEquals(0, poller.runDue());
        clock.advance(config.lease().plusSeconds(1));
        assertEquals(1, poller.runDue());
        assertEquals(1, handler.runs("orphan"));

        assertThrows(IllegalStateException.class, () -> QuarkusTransaction.requiringNew().run(() -> {
            queue.enqueueClaimed(NewTask.of(TYPE, "rolled-back"));
            throw new IllegalStateException("the business change failed");
        }));
        assertTrue(queue.latest(TYPE, "rolled-back").isEmpty(), "rolled back with the change");
        assertThrows(IllegalStateException.class, () -> queue.enqueueClaimed(NewTask.of(TYPE, "no-transaction")));
        assertThrows(IllegalArgumentException.class, () -> QuarkusTransaction.requiringNew().run(() ->
                queue.enqueueClaimed(NewTask.of(TYPE, "later").notBefore(clock.instant().plusSeconds(60)))));
    }

    /** A handler may end its task in its own last transaction; if that one rolls back, its outcome counts instead. */
    @Test
    void aHandlerEndsItsTaskInItsOwnTransactionOnlyWhenThatCommits() {
        handler.script("here", task -> {
            QuarkusTransaction.requiringNew().run(() -> queue.doneHere(task));
            return TaskOutcome.done();
        });
        QuarkusTransaction.requiringNew().run(() -> queue.enqueue(TYPE, "here", null));
        assertEquals(RunResult.DONE, queue.runNow(TYPE, "here"));
        TaskView done = queue.latest(TYPE, "here").orElseThrow();
        assertEquals(TaskView.State.DONE, done.state());
        assertEquals(1, done.attempts());

        handler.script("undone", task -> {
            assertThrows(IllegalStateException.class, () -> QuarkusTransaction.requiringNew().run(() -> {
                queue.doneHere(task);
                throw new IllegalStateException("the handler's change failed");
            }));
            return TaskOutcome.retry("its change failed");
        });
        QuarkusTransaction.requiringNew().run(() -> queue.enqueue(TYPE, "undone", null));
        assertEquals(RunResult.RETRY, queue.runNow(TYPE, "undone"));
        TaskView retried = queue.latest(TYPE, "undone").orElseThrow();
        assertEquals(TaskView.State.QUEUED, retried.state());
        assertEquals("its change failed", retried.lastError());

        Task notRunning = new Task(done.id(), TYPE, "here", null, null, 0, done.createdAt());
        assertThrows(IllegalStateException.class, () -> QuarkusTransaction.requiringNew()
                .run(() -> queue.doneHere(notRunning)), "only the task this thread's handler runs");
    }

    /** One poll calls an unreachable target once: its other tasks wait, untouched, for the next poll. */
    @Test
    void aTargetFoundUnreachableIsLeftForTheNextPoll() {
        handler.script("down-1", task -> TaskOutcome.targetUnreachable("connection refused"));
        handler.script("down-2", task -> TaskOutcome.targetUnreachable("connection refused"));
        QuarkusTransaction.requiringNew().run(() -> {
            queue.enqueue(NewTask.of(TYPE, "down-1").target("bank-a"));
            queue.enqueue(NewTask.of(TYPE, "down-2").target("bank-a"));
            queue.enqueue(NewTask.of(TYPE, "up").target("bank-b"));
        });
        assertEquals(2, poller.runDue());
        assertEquals(1, handler.runs("down-1") + handler.runs("down-2"), "bank-a called once");
        assertEquals(1, handler.runs("up"));
        TaskView untouched = queue.latest(TYPE, handler.runs("down-1") == 0 ? "down-1" : "down-2").orElseThrow();
        assertEquals(TaskView.State.QUEUED, untouched.state());
        assertEquals(0, untouched.attempts());
        assertEquals(1, poller.runDue(), "the next poll takes the other one");
    }

    @Test
    void aTaskEnqueuedAfterAFailedAttemptStartsWithItCountedAndBackedOff() {
        // in microseconds, as PostgreSQL keeps it (it rounds a nanosecond instant, which the comparison below is not)
        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
        QuarkusTransaction.requiringNew().run(() -> queue.enqueue(NewTask.of(TYPE, "tried").failedOnce("bank down")));
        TaskView task = queue.latest(TYPE, "tried").orElseThrow();
        assertEquals(1, task.attempts());
        assertEquals("bank down", task.lastError());
        assertFalse(task.nextAttemptAt().isBefore(now));
        assertFalse(task.nextAttemptAt().isAfter(clock.instant().plus(config.backoffBase())));
        QuarkusTransaction.requiringNew().run(() -> queue.enqueue(NewTask.of(TYPE, "later")
                .notBefore(now.plus(Duration.ofHours(1)))));
        assertEquals(now.plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.MICROS), queue.latest(TYPE, "later").orElseThrow().nextAttemptAt());
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never let the handler finish");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
