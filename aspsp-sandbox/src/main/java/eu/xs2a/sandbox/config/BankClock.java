package eu.xs2a.sandbox.config;

import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The bank's clock: the system clock in the bank's time zone plus an offset, zero unless a test moves it through
 * {@code PUT /bank/v1/clock} ({@code sandbox.clock-control}), to see a standing order's later occurrences executed on
 * their day. It moves forward only, except that a test that moved it resets it afterwards ({@link #reset}), so that
 * the tests after it see the bank on the machine's date again.
 */
@Singleton
@jakarta.enterprise.inject.Typed(BankClock.class)
public class BankClock extends Clock {

    private final ZoneId zone;
    private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

    public BankClock(SandboxConfig config) {
        this.zone = config.timeZone();
    }

    /** Moves the clock forward to the same time of day on {@code day}; false when that day is not in the future. */
    public boolean moveTo(LocalDate day) {
        Instant now = instant();
        Instant target = day.atTime(now.atZone(zone).toLocalTime()).atZone(zone).toInstant();
        if (!target.isAfter(now)) {
            return false;
        }
        offset.updateAndGet(current -> current.plus(Duration.between(now, target)));
        return true;
    }

    /** Back to the system clock. */
    public void reset() {
        offset.set(Duration.ZERO);
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(offset.get());
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public Clock withZone(ZoneId other) {
        return Clock.offset(Clock.system(other), offset.get());
    }
}
