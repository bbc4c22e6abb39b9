package eu.xs2a.testsupport;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The system clock plus an offset a test moves, so that a rule of "now" (a date at a provider's bank, a deadline, an
 * expiry) is tested at the instant it is about instead of whenever the build runs. Not a bean: each service's tests
 * declare {@code @Alternative @Priority(1) @Singleton class TestClock extends OffsetClock {}} in their own sources, so
 * that it replaces the service's clock bean in {@code @QuarkusTest} runs only, never in a packaged jar. A test that
 * moves it resets it afterwards (the jobs read it too).
 */
public class OffsetClock extends Clock {

    private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

    public void advance(Duration by) {
        offset.updateAndGet(current -> current.plus(by));
    }

    /** Moves the clock to {@code instant}; from then on it runs with the system clock again. */
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
