package eu.xs2a.platform;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * The one source of "now" for every time rule of a gateway service (a provider's "today", validUntil and expiry,
 * link lifetimes, back-off, the jobs' leases and windows, registration exp/iat), so that tests move time with an
 * {@code @Alternative @Priority} bean (xs2a-test-support's {@code OffsetClock}) instead of waiting; such an
 * alternative replaces this producer. UTC: a provider's date comes from its own time zone ({@link ProviderCalendar}).
 */
public class ClockProducer {

    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }
}
