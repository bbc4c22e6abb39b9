package eu.xs2a.consent.config;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * The one source of "today" for every date rule of a consent: validUntil not in the past and at most the provider's
 * maximum ahead (and the default validity), expiry (job, reads, lookup, SCA finished after validUntil), a card's
 * expiry date, the day of the per-day access count and lastActionDate. Dates are those of {@code consent.time-zone}
 * (the banks' day, Europe/Berlin), not UTC: between midnight in Berlin and midnight UTC a bank is already on the next
 * day, and a consent's last valid day must end when the bank's ends. "Now" itself is the {@link Clock} bean's.
 */
@Singleton
public class ConsentCalendar {

    private final Clock clock;
    private final ZoneId zone;

    @Inject
    public ConsentCalendar(Clock clock, ConsentConfig config) {
        this(clock, config.timeZone());
    }

    public ConsentCalendar(Clock clock, ZoneId zone) {
        this.clock = clock;
        this.zone = zone;
    }

    /** The current date in the consent zone. */
    public LocalDate today() {
        return dateOf(clock.instant());
    }

    /** The date an instant falls on in the consent zone. */
    public LocalDate dateOf(Instant instant) {
        return LocalDate.ofInstant(instant, zone);
    }

    public ZoneId zone() {
        return zone;
    }
}
