package eu.xs2a.account;

import static eu.xs2a.account.support.AgreeableBankResource.FAR_AWAY;
import static eu.xs2a.account.support.Calls.error;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.account.config.AccountDataConfig;
import eu.xs2a.account.support.AgreeableBankResource;
import eu.xs2a.account.support.Calls;
import eu.xs2a.account.support.TestClock;
import eu.xs2a.account.support.Tpps;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderCalendar;
import eu.xs2a.testsupport.BankDates;
import eu.xs2a.testsupport.TestPkiResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The bank calendar is the provider's ({@code psd2.providers.<code>.time-zone}): with the service's clock moved to an
 * instant where the zones are on different dates, the default dateTo of a report (in the answer's links), the last day
 * the bank is asked for when the data is fetched, and the entry date of a transaction the bank gives no date are all
 * the provider's date, not UTC's. Provider {@code sandbox} (Europe/Berlin) next to the test provider
 * {@link AgreeableBankResource#FAR_AWAY} (Pacific/Kiritimati, UTC+14), both on {@link AgreeableBankResource}'s bank.
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = AgreeableBankResource.class, restrictToAnnotatedClass = true)
class ProviderTimeZoneTest {

    /**
     * A day in the past: the moved clock then never makes a task look due or its lease expired (the task runtime
     * reads the same clock).
     */
    private static final LocalDate DAY = LocalDate.now(ZoneOffset.UTC).minusDays(2);

    @Inject TestClock clock;
    @Inject ProviderCalendar calendar;
    @Inject AccountDataConfig config;

    @AfterEach
    void realTime() {
        clock.reset();
    }

    private static Instant utc(LocalDate day, int hour, int minute) {
        return day.atTime(hour, minute).toInstant(ZoneOffset.UTC);
    }

    @Test
    void theTestProvidersLiveInDifferentZones() {
        assertEquals(ZoneId.of("Europe/Berlin"), BankDates.zone("sandbox"));
        assertEquals(ZoneId.of(AgreeableBankResource.FAR_AWAY_ZONE), BankDates.zone(FAR_AWAY));
    }

    /**
     * 23:30 UTC is 00:30 (winter) or 01:30 (summer) of the next day in Berlin: sandbox's bank is on DAY + 1 while UTC
     * is still on DAY.
     */
    @Test
    void lateInTheUtcEveningSandboxsBankIsOnTheNextDay() {
        clock.advanceTo(utc(DAY, 23, 30));
        assertEquals(DAY.plusDays(1), calendar.today("sandbox"));
        assertBankDate("sandbox", DAY.plusDays(1), DAY);
    }

    /**
     * 12:00 UTC is 13:00 or 14:00 in Berlin (DAY) and 02:00 in Kiritimati (DAY + 1): at the same instant each provider
     * is on its own date, so the zone comes from the provider, not from one setting of the service.
     */
    @Test
    void atOneInstantEachProviderIsOnItsOwnDate() {
        clock.advanceTo(utc(DAY, 12, 0));
        assertEquals(DAY, calendar.today("sandbox"));
        assertEquals(DAY.plusDays(1), calendar.today(FAR_AWAY));
        assertBankDate("sandbox", DAY, DAY.plusDays(1));
        assertBankDate(FAR_AWAY, DAY.plusDays(1), DAY);
    }

    @Test
    void aProviderTheRegistryDoesNotListHasNoCalendar() {
        Psd2Exception unknown = assertThrows(Psd2Exception.class, () -> calendar.today("nobank"));
        assertEquals(ErrorClass.RESOURCE_UNKNOWN, unknown.errorClass());
    }

    /**
     * A first read under a new consent of the provider fetches its data while the clock stands at the test's
     * instant; then everything that needs "today" must be {@code bankToday}, and {@code otherDay} (the date in UTC or
     * at the other bank) must be what it is not.
     */
    private void assertBankDate(String provider, LocalDate bankToday, LocalDate otherDay) {
        assertNotEquals(bankToday, otherDay);
        String p = "/" + provider + "/api/berlingroup/v1";
        String consent = "zone-test-" + UUID.randomUUID();
        String account = Calls.getWithPsu(Tpps.ALPHA, p + "/accounts", consent).then().statusCode(200)
                .body("accounts", hasSize(1)).extract().path("accounts[0].resourceId");

        // the fetch asked the bank for the history up to the bank's today
        Map<String, String> asked = AgreeableBankResource.transactionsAsked(consent);
        assertNotNull(asked, "the first read fetched the transactions");
        assertEquals(bankToday.toString(), asked.get("dateTo"), "dateTo asked of the bank of " + provider);
        assertEquals(bankToday.minusDays(config.historyDays()).toString(), asked.get("dateFrom"));

        // without dateTo the report runs to the bank's today, which its links show
        String transactions = p + "/accounts/" + account + "/transactions?bookingStatus=both&dateFrom=";
        JsonPath report = Calls.getWithPsu(Tpps.ALPHA, transactions + DAY.minusDays(5), consent).then()
                .statusCode(200).extract().jsonPath();
        String first = report.getString("transactions._links.first.href");
        assertTrue(first.contains("&dateTo=" + bankToday + "&"), provider + ": " + first);
        // so a report starting on the bank's today needs no dateTo, one starting the day after does
        Calls.getWithPsu(Tpps.ALPHA, transactions + bankToday, consent).then().statusCode(200);
        error(Calls.getWithPsu(Tpps.ALPHA, transactions + bankToday.plusDays(1), consent), 400, "FormatError");

        // the transaction the bank gave no date is entered on the bank's today, not on the other day
        String undated = AgreeableBankResource.undatedTransactionOf(consent);
        assertEquals(List.of(undated), pendingIds(p, account, consent, bankToday));
        assertEquals(List.of(), pendingIds(p, account, consent, otherDay));
    }

    private static List<String> pendingIds(String p, String account, String consent, LocalDate day) {
        return Calls.getWithPsu(Tpps.ALPHA, p + "/accounts/" + account + "/transactions?bookingStatus=pending&dateFrom="
                + day + "&dateTo=" + day, consent).then().statusCode(200).extract().jsonPath()
                .getList("transactions.pending.transactionId");
    }
}
