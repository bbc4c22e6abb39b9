package eu.xs2a.consent.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.domain.ConsentRules;
import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.Psd2Exception;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * "Today" of the consent date rules at instants where the UTC date and the Berlin date differ (from midnight in Berlin
 * to midnight UTC: 22:00-24:00 UTC in summer, 23:00-24:00 UTC in winter), with a fixed clock, without Quarkus.
 */
class ConsentCalendarTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    /** 14 July 2026, 22:30 UTC = 15 July, 00:30 in Berlin (summer time, UTC+2). */
    private static final Instant SUMMER_NIGHT = Instant.parse("2026-07-14T22:30:00Z");
    /** 14 January 2026, 23:30 UTC = 15 January, 00:30 in Berlin (UTC+1). */
    private static final Instant WINTER_NIGHT = Instant.parse("2026-01-14T23:30:00Z");

    private static ConsentCalendar at(Instant instant, ZoneId zone) {
        return new ConsentCalendar(Clock.fixed(instant, ZoneOffset.UTC), zone);
    }

    @Test
    void todayIsTheDateOfTheConfiguredZoneNotOfUtc() {
        assertEquals(LocalDate.of(2026, 7, 15), at(SUMMER_NIGHT, BERLIN).today());
        assertEquals(LocalDate.of(2026, 1, 15), at(WINTER_NIGHT, BERLIN).today());
        assertEquals(LocalDate.of(2026, 7, 14), at(SUMMER_NIGHT, ZoneOffset.UTC).today(), "the zone is what decides");
        // an hour earlier both calendars agree
        assertEquals(LocalDate.of(2026, 1, 14), at(WINTER_NIGHT.minusSeconds(3600), BERLIN).today());
        assertEquals(LocalDate.of(2026, 7, 15), at(Instant.EPOCH, BERLIN).dateOf(SUMMER_NIGHT));
    }

    @Test
    void validUntilTheUtcDateIsAlreadyInThePastInBerlin() {
        LocalDate today = at(SUMMER_NIGHT, BERLIN).today();
        Psd2Exception past = assertThrows(Psd2Exception.class,
                () -> ConsentRules.effectiveValidUntil("2026-07-14", today, 90, 180));
        assertEquals(ErrorClass.FORMAT_ERROR, past.errorClass());
        assertEquals("validUntil 2026-07-14 is in the past", past.getMessage());
        assertEquals(LocalDate.of(2026, 7, 15), ConsentRules.effectiveValidUntil("2026-07-15", today, 90, 180));
    }

    @Test
    void theMaximumAndTheDefaultCountFromTheBerlinDate() {
        LocalDate today = at(WINTER_NIGHT, BERLIN).today();
        // 180 days from 15 January 2026 is 14 July 2026 (from the UTC date it would be a day earlier)
        assertEquals(LocalDate.of(2026, 7, 14), ConsentRules.effectiveValidUntil("2026-07-14", today, 90, 180));
        assertEquals(LocalDate.of(2026, 7, 14), ConsentRules.effectiveValidUntil("9999-12-31", today, 90, 180));
        assertEquals(LocalDate.of(2026, 4, 15), ConsentRules.effectiveValidUntil(null, today, 90, 180));
        assertThrows(Psd2Exception.class, () -> ConsentRules.effectiveValidUntil("2026-07-15", today, 90, 180));
    }

    @Test
    void aConsentValidUntilTheUtcDateHasExpiredInBerlin() {
        LocalDate validUntil = LocalDate.of(2026, 7, 14);
        assertTrue(ConsentRules.isPastValidUntil(validUntil, at(SUMMER_NIGHT, BERLIN).today()));
        assertFalse(ConsentRules.isPastValidUntil(validUntil, at(SUMMER_NIGHT.minusSeconds(3600), BERLIN).today()),
                "23:30 in Berlin: still the last valid day");
    }
}
