package eu.xs2a.platform.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Capped exponential backoff with full jitter. */
class BackoffTest {

    private final Backoff backoff = new Backoff(Duration.ofSeconds(30), Duration.ofMinutes(5));

    @Test
    void theCeilingDoublesPerFailedAttemptUpToTheCap() {
        long[] seconds = {30, 60, 120, 240, 300, 300};
        for (int attempt = 1; attempt <= seconds.length; attempt++) {
            assertEquals(Duration.ofSeconds(seconds[attempt - 1]), backoff.ceiling(attempt), "attempt " + attempt);
        }
        assertEquals(Duration.ofMinutes(5), backoff.ceiling(Integer.MAX_VALUE), "no overflow however many attempts");
        assertEquals(Duration.ofSeconds(30), backoff.ceiling(0), "before any failure: the base");
    }

    @Test
    void theDelayIsDrawnFromZeroToTheCeiling() {
        assertEquals(Duration.ZERO, backoff.delay(3, () -> 0.0));
        assertEquals(Duration.ofSeconds(60), backoff.delay(3, () -> 0.5));
        assertEquals(Duration.ofMillis(119_999), backoff.delay(3, () -> 0.999_995));
    }

    @Test
    void fullJitterSpreadsTheDelaysOverTheWholeRange() {
        Random random = new Random(48);
        long[] quarters = new long[4];
        int draws = 4000;
        for (int i = 0; i < draws; i++) {
            Duration delay = backoff.delay(5, random::nextDouble);
            assertTrue(!delay.isNegative() && delay.compareTo(Duration.ofMinutes(5)) < 0, delay.toString());
            quarters[(int) (delay.toMillis() * 4 / Duration.ofMinutes(5).toMillis())]++;
        }
        for (long quarter : quarters) {
            assertTrue(quarter > draws / 4 * 0.8 && quarter < draws / 4 * 1.2, java.util.Arrays.toString(quarters));
        }
    }

    @Test
    void aCapBelowTheBaseOrANonPositiveBaseIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Backoff(Duration.ofMinutes(1), Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> new Backoff(Duration.ZERO, Duration.ofSeconds(1)));
    }
}
