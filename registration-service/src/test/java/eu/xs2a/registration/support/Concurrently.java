package eu.xs2a.registration.support;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Sends requests at the same moment: every thread waits at one gate, opened once all are ready. */
public final class Concurrently {

    /** Far above a request's time, so that only a hung server fails the test on it. */
    private static final long ANSWER_TIMEOUT_SECONDS = 60;

    private Concurrently() {
    }

    /** Runs the calls together and returns their results in the calls' order. */
    public static <T> List<T> run(List<Callable<T>> calls) throws Exception {
        CountDownLatch ready = new CountDownLatch(calls.size());
        CountDownLatch gate = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(calls.size());
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (Callable<T> call : calls) {
                futures.add(pool.submit(() -> {
                    ready.countDown();
                    gate.await();
                    return call.call();
                }));
            }
            ready.await(ANSWER_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            gate.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get(ANSWER_TIMEOUT_SECONDS, TimeUnit.SECONDS));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
