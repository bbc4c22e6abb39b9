package eu.xs2a.account.support;

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
 * The service's clock in tests: the system clock plus an offset the test moves, so a date rule is tested at the
 * instant it is about instead of at whatever time the build runs. Replaces the production clock bean of
 * {@code config.ClockProducer} (as consent-service's tests do). Tests that move it reset it afterwards.
 */
@Alternative
@Priority(1)
@Singleton
public class TestClock extends Clock {

    private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

    /** Moves the clock to {@code instant} (from then on it runs with the system clock again). */
    public void advanceTo(Instant instant) {
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
