package eu.xs2a.payment.config;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * The one source of "now" for every rule of a payment (the bank's "today" for requestedExecutionDate, link lifetime,
 * back-off, the jobs' windows and the settlement horizon), so that tests can move time with an alternative bean
 * instead of waiting.
 */
public class ClockProducer {

    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }
}
