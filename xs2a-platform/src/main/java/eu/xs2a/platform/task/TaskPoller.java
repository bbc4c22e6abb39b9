package eu.xs2a.platform.task;

import eu.xs2a.platform.FailureLog;
import eu.xs2a.platform.task.TaskStore.Claimed;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Polls for due tasks every {@code psd2.tasks.poll-every} on every replica. A poll claims a batch in one short
 * committed transaction ({@code FOR UPDATE SKIP LOCKED}, so replicas take different tasks and never wait for each
 * other, and a lease, so a task whose worker died is taken again once the lease has run out), runs each with no
 * transaction or connection held, records each outcome fenced by its lease token, and claims again until nothing due
 * is left. Within one poll a task runs at most once, and a target found unreachable is not called again: its other
 * tasks go back to the queue untouched. At shutdown the tasks not started yet go back to the queue too.
 */
@ApplicationScoped
public class TaskPoller {

    private static final Logger LOG = Logger.getLogger(TaskPoller.class);

    @Inject TaskStore store;
    @Inject TaskRunner runner;
    @Inject TaskHandlers handlers;
    @Inject TaskMetrics metrics;
    @Inject TaskConfig config;
    @Inject Clock clock;
    private volatile boolean stopping;

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    @Scheduled(identity = "tasks", every = "${psd2.tasks.poll-every:2s}", delayed = "${psd2.tasks.initial-delay:5s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void poll() {
        try {
            runDue();
        } catch (RuntimeException e) {
            // the database is unreachable (or going away): the tasks stay in the table for the next poll; one line per
            // poll while it is down
            FailureLog.warn(LOG, "Tasks not polled this time", e);
        }
    }

    /**
     * One poll, run by the scheduler (tests with {@code psd2.tasks.poll-every=off} call it themselves).
     *
     * @return how many tasks ran
     */
    public int runDue() {
        if (handlers.isEmpty()) {
            return 0;
        }
        Set<String> unreachable = new HashSet<>();
        Set<Long> seen = new HashSet<>();
        int ran = 0;
        while (!stopping) {
            Instant now = clock.instant();
            List<Claimed> batch = QuarkusTransaction.requiringNew().call(() -> store.claimDue(handlers.types(),
                    unreachable, seen, now, now.plus(config.lease()), config.batchSize()));
            if (batch.isEmpty()) {
                break;
            }
            for (Claimed claimed : batch) {
                Task task = claimed.task();
                seen.add(task.id());
                if (stopping || task.target() != null && unreachable.contains(task.target())) {
                    release(claimed);
                    continue;
                }
                try {
                    TaskRunner.Ran outcome = runner.run(claimed, true);
                    ran++;
                    if (outcome.targetUnreachable() && task.target() != null) {
                        unreachable.add(task.target());
                    }
                } catch (RuntimeException e) {
                    // recording the outcome failed (the database): the lease runs out and the task is taken again
                    FailureLog.warn(LOG, "Task " + task.type() + " " + task.subject()
                            + ": its outcome could not be recorded; it runs again after its lease", e);
                }
            }
            if (batch.size() < config.batchSize()) {
                break;
            }
        }
        return ran;
    }

    /** Back to the queue untouched: no attempt counted, due as before. */
    private void release(Claimed claimed) {
        try {
            QuarkusTransaction.requiringNew().run(() -> store.release(claimed, null, clock.instant()));
        } catch (RuntimeException e) {
            LOG.debugf("Task %d not released (%s); its lease runs out", claimed.task().id(), e.toString());
        }
    }

    @Scheduled(identity = "tasks-metrics", every = "${psd2.tasks.metrics-every:30s}",
            delayed = "${psd2.tasks.initial-delay:5s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void countForMetrics() {
        if (handlers.isEmpty()) {
            return;
        }
        try {
            Map<String, Map<TaskView.State, Long>> counts = QuarkusTransaction.requiringNew()
                    .call(() -> store.counts(handlers.types()));
            for (String type : handlers.types()) {
                Map<TaskView.State, Long> byState = counts.getOrDefault(type, Map.of());
                for (TaskView.State state : List.of(TaskView.State.QUEUED, TaskView.State.RUNNING,
                        TaskView.State.GIVEN_UP)) {
                    metrics.count(type, state, byState.getOrDefault(state, 0L));
                }
            }
        } catch (RuntimeException e) {
            LOG.debugf("Tasks not counted this time: %s", e.toString());
        }
    }

    @Scheduled(identity = "tasks-cleanup", every = "${psd2.tasks.cleanup-every:1h}", delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void deleteFinished() {
        if (handlers.isEmpty()) {
            return;
        }
        try {
            int deleted = QuarkusTransaction.requiringNew()
                    .call(() -> store.deleteDoneBefore(clock.instant().minus(config.keepDone())));
            if (deleted > 0) {
                LOG.debugf("Deleted %d finished task(s)", deleted);
            }
        } catch (RuntimeException e) {
            FailureLog.warn(LOG, "Finished tasks not deleted this time", e);
        }
    }
}
