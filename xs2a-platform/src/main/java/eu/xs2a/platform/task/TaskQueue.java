package eu.xs2a.platform.task;

import eu.xs2a.platform.task.TaskStore.Claimed;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What a service does with tasks: enqueue one in its own transaction (the outbox pattern: the task commits or rolls
 * back with the business change, so a crash loses nothing), and, on a request path that must act at once, run the
 * pending task of a subject now, through the same code as the poller ({@link TaskPoller}).
 */
@ApplicationScoped
public class TaskQueue {

    @Inject TaskStore store;
    @Inject TaskRunner runner;
    @Inject TaskHandlers handlers;
    @Inject TaskConfig config;
    @Inject Clock clock;
    @Inject TransactionSynchronizationRegistry transactions;

    /** {@link #enqueue(NewTask)} of a task due now. */
    public boolean enqueue(String type, String subject, String payload) {
        return enqueue(NewTask.of(type, subject).payload(payload));
    }

    /**
     * Adds a task in the caller's transaction, which must be active. While one of the same type and subject is
     * pending (queued or running) this is a no-op: that one keeps its age, attempts and schedule, and its handler
     * reads the current state when it runs.
     *
     * @return whether a task was added
     * @throws IllegalStateException without a transaction, or when the type has no handler here
     */
    public boolean enqueue(NewTask task) {
        if (!QuarkusTransaction.isActive()) {
            throw new IllegalStateException("A task is enqueued in the transaction of the change it belongs to");
        }
        handlers.of(task.type());
        Instant now = clock.instant();
        Instant due = task.notBefore() == null ? now : task.notBefore();
        int attempts = 0;
        if (task.failedOnce() != null) {
            attempts = 1;
            Instant afterBackoff = now.plus(config.backoff(task.type()).delay(1, ThreadLocalRandom.current()::nextDouble));
            due = due.isAfter(afterBackoff) ? due : afterBackoff;
        }
        return store.enqueue(task, attempts, due, now);
    }

    /**
     * Adds a task in the caller's transaction, claimed by the caller from the start: a request that acts at once runs
     * it with {@link #run(ClaimedTask)} after that transaction has committed, with no claim of its own (one transaction
     * fewer than {@link #enqueue} and {@link #runNow}). Should the caller die first, the poller takes the task over
     * once its lease has run out, as any task whose worker died.
     *
     * @return the claimed task; empty when one of the same type and subject is pending (nothing was added)
     * @throws IllegalStateException without a transaction, or when the type has no handler here
     * @throws IllegalArgumentException for a task that is not to run at once ({@code notBefore}, {@code failedOnce})
     */
    public Optional<ClaimedTask> enqueueClaimed(NewTask task) {
        if (!QuarkusTransaction.isActive()) {
            throw new IllegalStateException("A task is enqueued in the transaction of the change it belongs to");
        }
        if (task.notBefore() != null || task.failedOnce() != null) {
            throw new IllegalArgumentException("A claimed task runs at once, after no failed attempt");
        }
        handlers.of(task.type());
        Instant now = clock.instant();
        return store.enqueueClaimed(task, now, now.plus(config.lease(task.type()))).map(ClaimedTask::new);
    }

    /**
     * Runs a task {@link #enqueueClaimed claimed at enqueueing}, as {@link #runNow} runs one: call it with no
     * transaction open, once the one that added the task has committed.
     */
    public RunResult run(ClaimedTask task) {
        if (QuarkusTransaction.isActive()) {
            throw new IllegalStateException("A task runs with no transaction open: its handler calls the other side");
        }
        return runner.run(task.claimed(), true).result();
    }

    /**
     * Ends the task this thread's handler is running as done, in the handler's own transaction, which must be active:
     * its last change and the task's end commit together, one transaction fewer per run. The handler then returns
     * {@link TaskOutcome#done()}. Should that transaction roll back, the run ends as the handler's outcome says.
     *
     * @throws IllegalStateException without a transaction, or when this thread's handler is not running {@code task}
     */
    public void doneHere(Task task) {
        if (!QuarkusTransaction.isActive()) {
            throw new IllegalStateException("A task is ended here in its handler's transaction");
        }
        TaskRunner.Running running = TaskRunner.running(task);
        boolean held = store.done(running.claimed(), clock.instant());
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    running.recorded(held ? RunResult.DONE : RunResult.LOST);
                }
            }
        });
    }

    /**
     * Runs the pending task of this subject now, due or not, unless another worker runs it at this moment: an
     * attempt like any other (a failure counts and backs off). Call it with no transaction open, after the one that
     * enqueued the task has committed.
     */
    public RunResult runNow(String type, String subject) {
        return runHere(type, subject, true);
    }

    /**
     * As {@link #runNow}, for an extra attempt a user asked for (a PSU following a link): a failure leaves the task
     * exactly as it was (attempts, next attempt), so that reloading a page cannot push its backoff further out.
     */
    public RunResult tryNow(String type, String subject) {
        return runHere(type, subject, false);
    }

    /** The newest task of this type and subject, whatever its state. */
    public Optional<TaskView> latest(String type, String subject) {
        return QuarkusTransaction.requiringNew().call(() -> store.latest(type, subject));
    }

    private RunResult runHere(String type, String subject, boolean counted) {
        if (QuarkusTransaction.isActive()) {
            throw new IllegalStateException("A task runs with no transaction open: its handler calls the other side");
        }
        handlers.of(type);
        Instant now = clock.instant();
        Optional<Claimed> claimed = QuarkusTransaction.requiringNew()
                .call(() -> store.claimSubject(type, subject, now, now.plus(config.lease(type))));
        if (claimed.isEmpty()) {
            boolean pending = QuarkusTransaction.requiringNew().call(() -> store.pending(type, subject));
            return pending ? RunResult.BUSY : RunResult.NOTHING_PENDING;
        }
        return runner.run(claimed.get(), counted).result();
    }
}
