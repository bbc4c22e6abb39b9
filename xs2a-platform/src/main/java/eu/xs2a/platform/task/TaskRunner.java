package eu.xs2a.platform.task;

import eu.xs2a.platform.FailureLog;
import eu.xs2a.platform.task.TaskStore.Claimed;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;
import org.jboss.logging.Logger;

/**
 * Runs one claimed task, the one code path of the poller and of {@link TaskQueue#runNow}: renew the lease when the
 * task waited behind others of its batch for more than a heartbeat's interval, run the handler with no transaction
 * open while a {@link LeaseHeartbeat} keeps the lease, then record the outcome in a short transaction fenced by the
 * lease token, unless the handler ended its task in its own last transaction ({@link TaskQueue#doneHere}). Its log lines: INFO per retry, ERROR once when a task is given up,
 * WARN (one line, the trace at DEBUG) when a handler throws or a run's outcome is refused because another worker took the task over.
 */
@Singleton
class TaskRunner {

    private static final Logger LOG = Logger.getLogger(TaskRunner.class);

    @Inject TaskStore store;
    @Inject TaskHandlers handlers;
    @Inject TaskConfig config;
    @Inject TaskMetrics metrics;
    @Inject LeaseHeartbeat heartbeat;
    @Inject Clock clock;

    /** The runs of this thread's handlers, innermost last: a handler may run another task on its thread. */
    private static final ThreadLocal<Running> RUNNING = new ThreadLocal<>();

    /** One run in progress, and its end when its handler recorded it itself ({@link TaskQueue#doneHere}). */
    static final class Running {

        private final Claimed claimed;
        private final Running outer;
        private LeaseHeartbeat.Beat beat;
        private volatile RunResult recorded;

        private Running(Claimed claimed, Running outer) {
            this.claimed = claimed;
            this.outer = outer;
        }

        Claimed claimed() {
            return claimed;
        }

        /** The handler's transaction that ended the task committed: no heartbeat and no record of the outcome after it. */
        void recorded(RunResult result) {
            recorded = result;
            if (beat != null) {
                beat.close();
            }
        }
    }

    /** This thread's run of {@code task}. */
    static Running running(Task task) {
        Running running = RUNNING.get();
        if (running == null || running.claimed.task().id() != task.id()) {
            throw new IllegalStateException("Task " + task.type() + " " + task.subject() + " is not run by this thread");
        }
        return running;
    }

    /** What a run came to, and whether its target was found unreachable. */
    record Ran(RunResult result, boolean targetUnreachable) {
    }

    /**
     * Runs a claimed task.
     *
     * @param counted false for an extra attempt on someone's request ({@link TaskQueue#tryNow}): a failure leaves the
     *                task as it was (attempts, next attempt), so that reloading a page cannot push its backoff out
     */
    Ran run(Claimed claimed, boolean counted) {
        Task task = claimed.task();
        TaskHandler handler = handlers.of(task.type());
        Instant start = clock.instant();
        Duration lease = config.lease(task.type());
        // a claim younger than a heartbeat's interval (runNow's, the head of a poller's batch) still holds its lease:
        // nobody else can have taken the task, and renewing it would cost a transaction per run for nothing
        Instant claimedAt = claimed.leaseUntil().minus(lease);
        boolean fresh = start.isBefore(claimedAt.plus(lease.dividedBy(3)));
        boolean held = fresh || QuarkusTransaction.requiringNew()
                .call(() -> store.renew(claimed, start, start.plus(lease)));
        if (!held) {
            LOG.warnf("Task %s %s: taken over by another worker before it started here; not run", task.type(),
                    task.subject());
            metrics.ran(task.type(), RunResult.LOST);
            return new Ran(RunResult.LOST, false);
        }
        TaskOutcome outcome;
        Running running = new Running(claimed, RUNNING.get());
        RUNNING.set(running);
        try (LeaseHeartbeat.Beat beat = heartbeat.start(claimed, start)) {
            running.beat = beat;
            outcome = handler.run(task);
        } catch (RuntimeException e) {
            // one line (the trace at DEBUG): while the database or the bank is down this repeats on every attempt
            FailureLog.warn(LOG, "Task " + task.type() + " " + task.subject() + " failed unexpectedly (attempt "
                    + (task.attempts() + 1) + ")", e);
            outcome = TaskOutcome.retry(e.toString());
        } finally {
            if (running.outer == null) {
                RUNNING.remove();
            } else {
                RUNNING.set(running.outer);
            }
        }
        RunResult result = running.recorded != null
                ? fenced(running.recorded == RunResult.DONE, task, "done", RunResult.DONE)
                : record(claimed, handler, outcome, counted);
        metrics.ran(task.type(), result);
        return new Ran(result, outcome.targetUnreachable());
    }

    private RunResult record(Claimed claimed, TaskHandler handler, TaskOutcome outcome, boolean counted) {
        Task task = claimed.task();
        Instant now = clock.instant();
        switch (outcome.kind()) {
            case DONE -> {
                return fenced(QuarkusTransaction.requiringNew().call(() -> store.done(claimed, now)), task, "done",
                        RunResult.DONE);
            }
            case GIVE_UP -> {
                return giveUp(claimed, handler, outcome.reason(), now);
            }
            default -> {
                if (!counted) {
                    return fenced(QuarkusTransaction.requiringNew()
                            .call(() -> store.release(claimed, outcome.reason(), now)), task, "retry", RunResult.RETRY);
                }
                Duration giveUpAfter = config.giveUpAfter(task.type());
                if (!now.isBefore(task.createdAt().plus(giveUpAfter))) {
                    return giveUp(claimed, handler, outcome.reason() + " (still failing " + giveUpAfter
                            + " after it was enqueued)", now);
                }
                Duration delay = outcome.retryAfter() != null ? outcome.retryAfter()
                        : config.backoff(task.type()).delay(task.attempts() + 1, ThreadLocalRandom.current()::nextDouble);
                Instant next = now.plus(delay);
                RunResult result = fenced(QuarkusTransaction.requiringNew()
                        .call(() -> store.retry(claimed, next, outcome.reason(), now)), task, "retry", RunResult.RETRY);
                if (result == RunResult.RETRY) {
                    LOG.infof("Task %s %s: attempt %d failed (%s); next attempt at %s", task.type(), task.subject(),
                            task.attempts() + 1, outcome.reason(), next);
                }
                return result;
            }
        }
    }

    private RunResult giveUp(Claimed claimed, TaskHandler handler, String reason, Instant now) {
        Task task = claimed.task();
        boolean givenUp = QuarkusTransaction.requiringNew().call(() -> {
            boolean held = store.giveUp(claimed, reason, now);
            if (held) {
                handler.givenUp(task, reason);
            }
            return held;
        });
        RunResult result = fenced(givenUp, task, "give up", RunResult.GIVEN_UP);
        if (result == RunResult.GIVEN_UP) {
            LOG.errorf("Task %s %s given up after %d attempt(s) since %s: %s. Every such task: state = 'given_up'"
                    + " in table task (xs2a-platform README \"Task runtime\")", task.type(), task.subject(),
                    task.attempts() + 1, task.createdAt(), reason);
        }
        return result;
    }

    private static RunResult fenced(boolean held, Task task, String outcome, RunResult result) {
        if (held) {
            return result;
        }
        LOG.warnf("Task %s %s: its lease ran out during this run and another worker took it over; this run's outcome"
                + " (%s) is not recorded", task.type(), task.subject(), outcome);
        return RunResult.LOST;
    }
}
