package eu.xs2a.consent.config;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * The one source of "now" for every rule (validUntil, SCA deadline, per-day counting, link lifetime), so tests
 * can move time with an alternative bean instead of waiting.
 */
public class ClockProducer {

    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }
}
