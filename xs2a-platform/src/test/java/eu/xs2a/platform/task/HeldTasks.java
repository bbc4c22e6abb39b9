package eu.xs2a.platform.task;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A task type whose runs wait until the test lets them finish, with a lease of a second and a max-run of a minute
 * (application.properties): the lease heartbeat's tests.
 */
@ApplicationScoped
public class HeldTasks implements TaskHandler {

    static final String TYPE = "test-held";

    private final Semaphore started = new Semaphore(0);
    private final AtomicInteger runs = new AtomicInteger();
    private volatile CountDownLatch finish = new CountDownLatch(1);

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public TaskOutcome run(Task task) {
        runs.incrementAndGet();
        started.release();
        try {
            if (!finish.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never let the run finish");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return TaskOutcome.done();
    }

    /** Waits until a run has started (10 s at most). */
    boolean awaitStart() throws InterruptedException {
        return started.tryAcquire(10, TimeUnit.SECONDS);
    }

    /** Lets every run waiting now, and every later run, finish. */
    void finishRuns() {
        finish.countDown();
    }

    int runs() {
        return runs.get();
    }

    void reset() {
        finish.countDown();
        finish = new CountDownLatch(1);
        started.drainPermits();
        runs.set(0);
    }
}
