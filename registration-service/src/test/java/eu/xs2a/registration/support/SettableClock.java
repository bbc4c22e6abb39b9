package eu.xs2a.registration.support;

import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The service's clock, standing still until a test moves it: for rules that depend on time passing (a throttle that
 * refills) without a test that waits or asserts timings. An alternative, so only a test profile that enables it
 * ({@code getEnabledAlternatives}) replaces the system clock of {@code eu.xs2a.platform.ClockProducer}.
 */
@Alternative
@Singleton
public class SettableClock extends Clock {

    private static final AtomicReference<Instant> NOW = new AtomicReference<>(Instant.now());

    public static Instant now() {
        return NOW.get();
    }

    /** Back to the real time: for a test class whose requests are signed at the real time (a registration's iat). */
    public static void reset() {
        NOW.set(Instant.now());
    }

    public static void advance(Duration duration) {
        NOW.updateAndGet(now -> now.plus(duration));
    }

    @Override
    public Instant instant() {
        return NOW.get();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return Clock.fixed(instant(), zone);
    }
}
