package eu.xs2a.sandbox.config;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;

/**
 * One clock for the whole bank, in the bank's time zone ({@code sandbox.time-zone}), so that "today"
 * ({@code LocalDate.now(clock)}) is the bank's date everywhere and the same as the gateway's for this bank's providers.
 * It is the {@link BankClock}: the system clock, moved only where {@code sandbox.clock-control} allows it.
 */
@ApplicationScoped
public class ClockProducer {

    @Produces
    @ApplicationScoped
    Clock clock(BankClock bankClock) {
        return bankClock;
    }
}
