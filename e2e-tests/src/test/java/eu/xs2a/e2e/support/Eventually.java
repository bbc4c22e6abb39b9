package eu.xs2a.e2e.support;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Polls an asynchronous outcome (a settlement, a refresh job, a service catching up after a restart) until it holds.
 * The bound only stops a broken stack from hanging the build; it is not what a test measures.
 */
public final class Eventually {

    private static final Duration POLL = Duration.ofMillis(300);

    private Eventually() {
    }

    /** Within 60 s: the journeys' bound. */
    public static <T> T eventually(String what, Supplier<T> probe, Predicate<T> done) {
        return within(Duration.ofSeconds(60), what, probe, done);
    }

    /** The probe's first answer that is {@code done}; an AssertionError naming the last answer after {@code bound}. */
    public static <T> T within(Duration bound, String what, Supplier<T> probe, Predicate<T> done) {
        Instant deadline = Instant.now().plus(bound);
        T last = probe.get();
        while (!done.test(last)) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError(what + " never happened within " + bound.toSeconds() + " s; last seen: " + last);
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            last = probe.get();
        }
        return last;
    }
}
