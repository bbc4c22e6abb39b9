package eu.xs2a.account.config;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * The one source of "now" for the store's timestamps, the refresh jobs' leases and the bank calendar
 * ({@link BankCalendar}), so tests can move time with an alternative bean instead of waiting. The service token is
 * the exception: its times are checked by consent-service's own clock, so it keeps the system clock.
 */
public class ClockProducer {

    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }
}
