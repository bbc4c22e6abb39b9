package eu.xs2a.consent.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.domain.ConsentRules;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderCalendar;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * "Today" of the consent date rules, per provider, at instants where the UTC date and the provider's date differ (for
 * Berlin from midnight in Berlin to midnight UTC: 22:00-24:00 UTC in summer, 23:00-24:00 UTC in winter; for
 * Kiritimati, UTC+14, from 10:00 UTC on), with a fixed clock, without Quarkus.
 */
class ConsentCalendarTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final ZoneId KIRITIMATI = ZoneId.of("Pacific/Kiritimati");
    /** The registry as the calendar reads it: provider code → the bank's time zone. */
    private static final Map<String, ZoneId> PROVIDERS = Map.of("sandbox", BERLIN, "faraway", KIRITIMATI,
            "utc", ZoneOffset.UTC);
    /** 14 July 2026, 22:30 UTC = 15 July, 00:30 in Berlin (summer time, UTC+2). */
    private static final Instant SUMMER_NIGHT = Instant.parse("2026-07-14T22:30:00Z");
    /** 14 January 2026, 23:30 UTC = 15 January, 00:30 in Berlin (UTC+1). */
    private static final Instant WINTER_NIGHT = Instant.parse("2026-01-14T23:30:00Z");
    /** 14 July 2026, 12:00 UTC = 14:00 on 14 July in Berlin, 02:00 on 15 July in Kiritimati. */
    private static final Instant SUMMER_NOON = Instant.parse("2026-07-14T12:00:00Z");

    private static ProviderCalendar at(Instant instant) {
        return new ProviderCalendar(Clock.fixed(instant, ZoneOffset.UTC), PROVIDERS);
    }

    @Test
    void todayIsTheDateOfTheProvidersZoneNotOfUtc() {
        assertEquals(LocalDate.of(2026, 7, 15), at(SUMMER_NIGHT).today("sandbox"));
        assertEquals(LocalDate.of(2026, 1, 15), at(WINTER_NIGHT).today("sandbox"));
        assertEquals(LocalDate.of(2026, 7, 14), at(SUMMER_NIGHT).today("utc"), "the zone is what decides");
        // an hour earlier both calendars agree
        assertEquals(LocalDate.of(2026, 1, 14), at(WINTER_NIGHT.minusSeconds(3600)).today("sandbox"));
        assertEquals(LocalDate.of(2026, 7, 15), at(Instant.EPOCH).dateOf("sandbox", SUMMER_NIGHT));
        assertEquals(BERLIN, at(Instant.EPOCH).zone("sandbox"));
    }

    @Test
    void atOneInstantEachProviderIsOnItsOwnDate() {
        ProviderCalendar calendar = at(SUMMER_NOON);
        assertEquals(LocalDate.of(2026, 7, 14), calendar.today("sandbox"));
        assertEquals(LocalDate.of(2026, 7, 15), calendar.today("faraway"), "Kiritimati is already on the next day");
        assertEquals(LocalDate.of(2026, 7, 14), calendar.dateOf("utc", SUMMER_NOON));
        assertEquals(LocalDate.of(2026, 7, 15), calendar.dateOf("faraway", SUMMER_NOON));
        assertEquals(Optional.of(LocalDate.of(2026, 7, 15)), calendar.todayIfKnown("faraway"));
        // at 09:00 UTC (23:00 in Kiritimati) it is still on the 14th too
        assertEquals(LocalDate.of(2026, 7, 14), at(SUMMER_NOON.minusSeconds(3 * 3600)).today("faraway"));
        assertEquals(Set.of("sandbox", "faraway", "utc"), calendar.providerCodes());
    }

    @Test
    void theEarliestTodayIsTheWesternmostBanks() {
        assertEquals(Optional.of(LocalDate.of(2026, 7, 14)), at(SUMMER_NOON).earliestToday());
        // 22:30 UTC: Berlin and Kiritimati on the 15th, UTC still on the 14th
        assertEquals(Optional.of(LocalDate.of(2026, 7, 14)), at(SUMMER_NIGHT).earliestToday());
        ProviderCalendar eastOnly = new ProviderCalendar(Clock.fixed(SUMMER_NOON, ZoneOffset.UTC),
                Map.of("faraway", KIRITIMATI));
        assertEquals(Optional.of(LocalDate.of(2026, 7, 15)), eastOnly.earliestToday());
        assertEquals(Optional.empty(), new ProviderCalendar(Clock.systemUTC(), Map.of()).earliestToday());
    }

    @Test
    void aProviderTheRegistryDoesNotListHasNoCalendar() {
        ProviderCalendar calendar = at(SUMMER_NOON);
        Psd2Exception unknown = assertThrows(Psd2Exception.class, () -> calendar.today("nowhere"));
        assertEquals(ErrorClass.RESOURCE_UNKNOWN, unknown.errorClass());
        assertEquals("Unknown provider code 'nowhere'", unknown.getMessage());
        assertThrows(Psd2Exception.class, () -> calendar.dateOf(null, SUMMER_NOON));
        assertEquals(Optional.empty(), calendar.todayIfKnown("nowhere"));
        assertEquals(Optional.empty(), calendar.todayIfKnown(null));
    }

    @Test
    void validUntilTheUtcDateIsAlreadyInThePastInBerlin() {
        LocalDate today = at(SUMMER_NIGHT).today("sandbox");
        Psd2Exception past = assertThrows(Psd2Exception.class,
                () -> ConsentRules.effectiveValidUntil("2026-07-14", today, 90, 180));
        assertEquals(ErrorClass.FORMAT_ERROR, past.errorClass());
        assertEquals("validUntil 2026-07-14 is in the past", past.getMessage());
        assertEquals(LocalDate.of(2026, 7, 15), ConsentRules.effectiveValidUntil("2026-07-15", today, 90, 180));
    }

    @Test
    void theMaximumAndTheDefaultCountFromTheBerlinDate() {
        LocalDate today = at(WINTER_NIGHT).today("sandbox");
        // 180 days from 15 January 2026 is 14 July 2026 (from the UTC date it would be a day earlier)
        assertEquals(LocalDate.of(2026, 7, 14), ConsentRules.effectiveValidUntil("2026-07-14", today, 90, 180));
        assertEquals(LocalDate.of(2026, 7, 14), ConsentRules.effectiveValidUntil("9999-12-31", today, 90, 180));
        assertEquals(LocalDate.of(2026, 4, 15), ConsentRules.effectiveValidUntil(null, today, 90, 180));
        assertThrows(Psd2Exception.class, () -> ConsentRules.effectiveValidUntil("2026-07-15", today, 90, 180));
    }

    @Test
    void aConsentValidUntilTheUtcDateHasExpiredInBerlin() {
        LocalDate validUntil = LocalDate.of(2026, 7, 14);
        assertTrue(ConsentRules.isPastValidUntil(validUntil, at(SUMMER_NIGHT).today("sandbox")));
        assertFalse(ConsentRules.isPastValidUntil(validUntil, at(SUMMER_NIGHT.minusSeconds(3600)).today("sandbox")),
                "23:30 in Berlin: still the last valid day");
    }

    @Test
    void theSameValidUntilHasEndedForOneProviderAndNotForTheOther() {
        ProviderCalendar calendar = at(SUMMER_NOON);
        LocalDate validUntil = LocalDate.of(2026, 7, 14);
        assertFalse(ConsentRules.isPastValidUntil(validUntil, calendar.today("sandbox")), "14:00 in Berlin");
        assertTrue(ConsentRules.isPastValidUntil(validUntil, calendar.today("faraway")),
                "02:00 on the next day in Kiritimati");
        // as a new consent's validUntil: Berlin's today is accepted, and is already yesterday in Kiritimati
        assertEquals(validUntil, ConsentRules.effectiveValidUntil("2026-07-14", calendar.today("sandbox"), 90, 180));
        Psd2Exception past = assertThrows(Psd2Exception.class,
                () -> ConsentRules.effectiveValidUntil("2026-07-14", calendar.today("faraway"), 90, 180));
        assertEquals("validUntil 2026-07-14 is in the past", past.getMessage());
    }
}
