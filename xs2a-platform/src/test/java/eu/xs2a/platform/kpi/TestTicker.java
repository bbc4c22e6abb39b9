package eu.xs2a.platform.kpi;

import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The test app's latency clock: it stands still, and a request of {@link KpiTrafficResource} moves it on. It counts
 * its reads, so that a test can wait until the recorder has read it at the end of an answer: that happens when the
 * answer has gone, which may be after the client already holds it and has sent its next request.
 */
@Alternative
@Priority(1)
@Singleton
public class TestTicker extends KpiTicker {

    private final AtomicLong nanos = new AtomicLong();
    private long reads;

    @Override
    public long nanos() {
        synchronized (this) {
            reads++;
            notifyAll();
        }
        return nanos.get();
    }

    void advance(Duration by) {
        nanos.addAndGet(by.toNanos());
    }

    synchronized long reads() {
        return reads;
    }

    /** Waits (10 s at most) until the ticker has been read {@code count} times in all. */
    synchronized void awaitReads(long count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (reads < count) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("the ticker was read " + reads + " times, not " + count);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }
}
