package eu.xs2a.platform.task;

import eu.xs2a.platform.task.TaskStore.Claimed;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Keeps a running task's lease while its handler works, renewing it every third of the lease. So a lease need not
 * outlast the longest run (a slow bank), only bound how long a dead worker's task waits before another worker takes it.
 * A handler still running after its type's {@link TaskConfig#maxRun() max-run} is taken for hung: its lease is no longer
 * renewed, and runs out.
 */
@Singleton
class LeaseHeartbeat {

    private static final Logger LOG = Logger.getLogger(LeaseHeartbeat.class);

    @Inject TaskStore store;
    @Inject TaskConfig config;
    @Inject Clock clock;
    private final ScheduledExecutorService beats = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "task-lease-heartbeat");
        thread.setDaemon(true);
        return thread;
    });

    /** Starts renewing the lease of a task whose run begins at {@code start}; closing the beat stops it. */
    Beat start(Claimed claimed, Instant start) {
        String type = claimed.task().type();
        Beat beat = new Beat(claimed, start, config.lease(type), config.maxRun(type));
        long every = Math.max(1, beat.lease.toMillis() / 3);
        beat.schedule = beats.scheduleWithFixedDelay(beat::renew, every, every, TimeUnit.MILLISECONDS);
        return beat;
    }

    @PreDestroy
    void stop() {
        beats.shutdownNow();
    }

    /** The heartbeat of one run. */
    final class Beat implements AutoCloseable {

        private final Claimed claimed;
        private final Instant start;
        private final Duration lease;
        private final Duration maxRun;
        private volatile boolean closed;
        private volatile ScheduledFuture<?> schedule;

        private Beat(Claimed claimed, Instant start, Duration lease, Duration maxRun) {
            this.claimed = claimed;
            this.start = start;
            this.lease = lease;
            this.maxRun = maxRun;
        }

        private void renew() {
            Task task = claimed.task();
            Instant now = clock.instant();
            if (!now.isBefore(start.plus(maxRun))) {
                LOG.warnf("Task %s %s still running after %s (max-run): its lease is no longer renewed, so another"
                        + " worker may take it over once it runs out", task.type(), task.subject(), maxRun);
                stopBeating();
                return;
            }
            boolean held;
            try {
                held = QuarkusTransaction.requiringNew().call(() -> store.renew(claimed, now, now.plus(lease)));
            } catch (RuntimeException e) {
                // the database is away: the next beat tries again; the lease may run out meanwhile, as it would anyway
                LOG.debugf("Task %s %s: lease not renewed (%s)", task.type(), task.subject(), e.toString());
                return;
            }
            if (!held && !closed) {
                LOG.warnf("Task %s %s: its lease ran out and another worker took it over while it ran here",
                        task.type(), task.subject());
                stopBeating();
            }
        }

        private void stopBeating() {
            ScheduledFuture<?> running = schedule;
            if (running != null) {
                running.cancel(false);
            }
        }

        @Override
        public void close() {
            closed = true;
            stopBeating();
        }
    }
}
