package eu.xs2a.payment.support;

import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The service's clock in @QuarkusTest classes (not in the packaged jar the *IT classes run): the system clock plus an
 * offset a test sets, so that a rule of "now" is tested at a chosen instant instead of whenever the test runs.
 * Replaces the bean of {@code config.ClockProducer}. The whole application reads it, the jobs too, so a test that moves
 * it resets it in a finally block. shared-security (the Date header check, replay) keeps the real clock.
 */
@Alternative
@Priority(1)
@Singleton
public class TestClock extends Clock {

    private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

    /** From now on the clock reads {@code instant}, and runs on from there with the system clock. */
    public void moveTo(Instant instant) {
        offset.set(Duration.between(Instant.now(), instant));
    }

    public void reset() {
        offset.set(Duration.ZERO);
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(offset.get());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return Clock.offset(Clock.system(zone), offset.get());
    }
}
