package eu.xs2a.registration.sandbox;

import java.time.Duration;
import java.time.Instant;

/**
 * A token bucket of {@code burst} tokens that gains one token every {@code refill}, kept as one instant per bucket
 * (the generic cell rate algorithm): the moment the bucket would be full again if nothing else were taken. No timer
 * and no floating point; a bucket whose instant has passed is full, so it need not be kept at all.
 */
record TokenBucket(int burst, Duration refill) {

    /** @param what the configuration keys, named when a value is unusable */
    TokenBucket(int burst, Duration refill, String what) {
        this(burst, refill);
        if (burst < 1 || refill == null || refill.isNegative() || refill.isZero()) {
            throw new IllegalArgumentException(what + ": the burst must be at least 1 and the refill positive, not "
                    + burst + " and " + refill);
        }
    }

    /** How far the full-again instant may lie ahead of now while a token is left. */
    private Duration tolerance() {
        return refill.multipliedBy(burst - 1L);
    }

    /** Whether a token is left in the bucket whose full-again instant is {@code fullAt} (null: a full bucket). */
    boolean hasToken(Instant fullAt, Instant now) {
        return !start(fullAt, now).isAfter(now.plus(tolerance()));
    }

    /** The bucket's full-again instant after one token is taken at {@code now}. */
    Instant take(Instant fullAt, Instant now) {
        return start(fullAt, now).plus(refill);
    }

    /** How long until the bucket has a token again (zero when it has one). */
    Duration wait(Instant fullAt, Instant now) {
        Duration wait = Duration.between(now.plus(tolerance()), start(fullAt, now));
        return wait.isNegative() ? Duration.ZERO : wait;
    }

    private static Instant start(Instant fullAt, Instant now) {
        return fullAt == null || fullAt.isBefore(now) ? now : fullAt;
    }
}
