package eu.xs2a.platform.task;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Capped exponential backoff with full jitter: after the n-th failed attempt the next one comes after a delay drawn
 * evenly from [0, min(cap, base × 2^(n-1))]. The jitter spreads the retries of many tasks that failed together (a bank
 * back from an outage) instead of sending them back at the same instant.
 *
 * @param base the ceiling of the first delay
 * @param cap  the ceiling of every delay
 */
public record Backoff(Duration base, Duration cap) {

    /** Doublings beyond this cannot matter: 2^40 × a millisecond is decades. */
    private static final int MAX_DOUBLINGS = 40;

    public Backoff {
        if (base.isNegative() || base.isZero() || cap.compareTo(base) < 0) {
            throw new IllegalArgumentException("backoff needs 0 < base <= cap, not " + base + " and " + cap);
        }
    }

    /** The upper bound of the delay after {@code failedAttempts} failed attempts (at least 1). */
    public Duration ceiling(int failedAttempts) {
        int doublings = Math.min(Math.max(failedAttempts, 1) - 1, MAX_DOUBLINGS);
        long baseMillis = base.toMillis();
        long capMillis = cap.toMillis();
        long ceiling = baseMillis > (capMillis >> doublings) ? capMillis : baseMillis << doublings;
        return Duration.ofMillis(Math.min(ceiling, capMillis));
    }

    /**
     * The delay before the next attempt after {@code failedAttempts} failed attempts.
     *
     * @param random a uniform draw from [0, 1)
     */
    public Duration delay(int failedAttempts, DoubleSupplier random) {
        return Duration.ofMillis((long) (ceiling(failedAttempts).toMillis() * random.getAsDouble()));
    }
}
