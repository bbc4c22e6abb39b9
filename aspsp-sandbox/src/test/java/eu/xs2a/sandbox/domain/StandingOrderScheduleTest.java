package eu.xs2a.sandbox.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The days a standing order's occurrences are executed on ({@link StandingOrder}). */
class StandingOrderScheduleTest {

    private static List<LocalDate> days(StandingOrder order, int max) {
        List<LocalDate> days = new ArrayList<>();
        Optional<StandingOrder.Occurrence> next = order.occurrenceFrom(0);
        while (next.isPresent() && days.size() < max) {
            days.add(next.get().day());
            next = order.occurrenceFrom(next.get().index() + 1);
        }
        return days;
    }

    private static LocalDate d(String text) {
        return LocalDate.parse(text);
    }

    @Test
    void monthlyOnTheUltimoTakesEachMonthsLastDayMovedToTheFollowingWorkingDay() {
        // 2026-01-31 is a Saturday, 2026-02-28 a Saturday, 2026-03-31 a Tuesday
        StandingOrder order = new StandingOrder(d("2026-01-01"), d("2026-03-31"), "following", "Monthly", 31, null);
        assertEquals(List.of(d("2026-02-02"), d("2026-03-02"), d("2026-03-31")), days(order, 10));
    }

    @Test
    void precedingMovesBackButNeverBeforeTheStart() {
        StandingOrder order = new StandingOrder(d("2026-01-31"), d("2026-02-28"), "preceding", "Monthly", 31, null);
        // 2026-01-31 (Saturday) would go back to the 30th, before startDate: the next working day instead
        assertEquals(List.of(d("2026-02-02"), d("2026-02-27")), days(order, 10));
    }

    @Test
    void aDayBeforeTheStartInTheFirstMonthIsNotApplicable() {
        StandingOrder order = new StandingOrder(d("2026-03-20"), null, null, "Quarterly", 5, null);
        assertEquals(List.of(d("2026-06-05"), d("2026-09-07"), d("2026-12-07")), days(order, 3));
    }

    @Test
    void weeklyAndEveryTwoWeeksCountFromTheStart() {
        assertEquals(List.of(d("2026-11-30"), d("2026-12-07"), d("2026-12-14")),
                days(new StandingOrder(d("2026-11-30"), d("2026-12-14"), null, "Weekly", null, null), 10));
        assertEquals(List.of(d("2026-11-30"), d("2026-12-14")),
                days(new StandingOrder(d("2026-11-30"), d("2026-12-20"), null, "EveryTwoWeeks", null, null), 10));
    }

    @Test
    void dailyRunsOnWorkingDaysOnly() {
        StandingOrder order = new StandingOrder(d("2026-11-27"), d("2026-12-01"), null, "Daily", null, null);
        assertEquals(List.of(d("2026-11-27"), d("2026-11-30"), d("2026-12-01")), days(order, 10));
    }

    @Test
    void monthlyVariableRunsInItsMonthsOnlyAndAnnualOncePerYear() {
        StandingOrder variable = new StandingOrder(d("2026-01-15"), d("2026-12-31"), null, "MonthlyVariable", 15,
                List.of(1, 4, 10));
        assertEquals(List.of(d("2026-01-15"), d("2026-04-15"), d("2026-10-15")), days(variable, 10));
        StandingOrder annual = new StandingOrder(d("2026-06-10"), d("2028-06-10"), null, "Annual", null, null);
        assertEquals(List.of(d("2026-06-10"), d("2027-06-10"), d("2028-06-12")), days(annual, 10));
    }

    @Test
    void theBankRefusesTermsThatBreakItsRules() {
        assertThrows(BankException.class, () -> new StandingOrder(d("2026-02-01"), d("2026-01-01"), null, "Monthly",
                null, null).validate());
        assertThrows(BankException.class, () -> new StandingOrder(d("2026-02-01"), null, null, "Hourly", null, null)
                .validate());
        assertThrows(BankException.class, () -> new StandingOrder(d("2026-02-01"), null, "sideways", "Monthly", null,
                null).validate());
        assertThrows(BankException.class, () -> new StandingOrder(d("2026-02-01"), null, null, "Monthly", 32, null)
                .validate());
        assertThrows(BankException.class, () -> new StandingOrder(d("2026-02-01"), null, null, "MonthlyVariable",
                null, null).validate());
        assertThrows(BankException.class, () -> new StandingOrder(d("2026-02-01"), null, null, "Monthly", null,
                List.of(3)).validate());
        assertThrows(BankException.class, () -> new StandingOrder(null, null, null, "Monthly", null, null).validate());
    }
}
