package eu.xs2a.payment.support;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/** Polls a condition the system reaches asynchronously (the bank's settlement); no timing asserted. */
public final class Await {

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private Await() {
    }

    public static <T> T until(Supplier<T> probe, java.util.function.Predicate<T> done, String what) {
        Instant deadline = Instant.now().plus(PATIENCE);
        T last = probe.get();
        while (!done.test(last)) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("Gave up waiting for " + what + "; last seen: " + last);
            }
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            last = probe.get();
        }
        return last;
    }
}
