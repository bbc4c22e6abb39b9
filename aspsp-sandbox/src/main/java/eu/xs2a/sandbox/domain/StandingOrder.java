package eu.xs2a.sandbox.domain;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A standing order's terms (BANK-API.md "Standing orders") and its schedule. Occurrence {@code n} (0, 1, …) falls
 * on a nominal day: Daily every working day, Weekly and EveryTwoWeeks every 7 or 14 days from startDate, the
 * monthly frequencies (Monthly, EveryTwoMonths, Quarterly, SemiAnnual, Annual; MonthlyVariable in the months it
 * names) on dayOfExecution (default startDate's day; 31, or a day the month lacks, is its last day). A nominal day
 * on a weekend moves to the following (default) or preceding working day, never before startDate; the order ends
 * after the last nominal day not after endDate. The sandbox's working days are Monday to Friday.
 */
public record StandingOrder(LocalDate startDate, LocalDate endDate, String executionRule, String frequency,
                            Integer dayOfExecution, List<Integer> monthsOfExecution) {

    public static final Set<String> FREQUENCIES = Set.of("Daily", "Weekly", "EveryTwoWeeks", "Monthly",
            "EveryTwoMonths", "Quarterly", "SemiAnnual", "Annual", "MonthlyVariable");
    private static final String PRECEDING = "preceding";
    /** Far enough to find the next execution of any order (MonthlyVariable: a year has one of its months). */
    private static final int SEARCH_LIMIT = 1000;

    /** The bank's own checks; a wrong field is a 400 naming it. */
    public void validate() {
        if (startDate == null) {
            throw BankException.badRequest("standingOrder.startDate is required");
        }
        if (frequency == null || !FREQUENCIES.contains(frequency)) {
            throw BankException.badRequest("standingOrder.frequency must be one of " + FREQUENCIES);
        }
        if (executionRule != null && !"following".equals(executionRule) && !PRECEDING.equals(executionRule)) {
            throw BankException.badRequest("standingOrder.executionRule must be following or preceding");
        }
        if (endDate != null && endDate.isBefore(startDate)) {
            throw BankException.badRequest("standingOrder.endDate is before its startDate");
        }
        if (dayOfExecution != null && (dayOfExecution < 1 || dayOfExecution > 31)) {
            throw BankException.badRequest("standingOrder.dayOfExecution must be 1 to 31");
        }
        boolean variable = "MonthlyVariable".equals(frequency);
        if (variable != (monthsOfExecution != null && !monthsOfExecution.isEmpty())) {
            throw BankException.badRequest("standingOrder.monthsOfExecution is required for, and only for, MonthlyVariable");
        }
        if (variable && monthsOfExecution.stream().anyMatch(m -> m == null || m < 1 || m > 12)) {
            throw BankException.badRequest("standingOrder.monthsOfExecution must hold months 1 to 12");
        }
    }

    /** The first occurrence, from {@code from} on, with its execution day; empty when the order has ended. */
    public Optional<Occurrence> occurrenceFrom(int from) {
        for (int n = from; n < from + SEARCH_LIMIT; n++) {
            Optional<LocalDate> nominal = nominal(n);
            if (nominal.isEmpty()) {
                continue;
            }
            if (endDate != null && nominal.get().isAfter(endDate)) {
                return Optional.empty();
            }
            return Optional.of(new Occurrence(n, executionDay(nominal.get())));
        }
        return Optional.empty();
    }

    /** Occurrence {@code index} falls due on {@code day}. */
    public record Occurrence(int index, LocalDate day) {
    }

    private Optional<LocalDate> nominal(int n) {
        return switch (frequency) {
            case "Daily" -> Optional.of(startDate.plusDays(n)).filter(StandingOrder::isWorkingDay);
            case "Weekly" -> Optional.of(startDate.plusWeeks(n));
            case "EveryTwoWeeks" -> Optional.of(startDate.plusWeeks(2L * n));
            case "Monthly" -> monthly(n, 1);
            case "EveryTwoMonths" -> monthly(n, 2);
            case "Quarterly" -> monthly(n, 3);
            case "SemiAnnual" -> monthly(n, 6);
            case "Annual" -> monthly(n, 12);
            case "MonthlyVariable" -> monthly(n, 1)
                    .filter(day -> monthsOfExecution.contains(day.getMonthValue()));
            default -> throw new IllegalStateException("frequency " + frequency);
        };
    }

    private Optional<LocalDate> monthly(int n, int months) {
        YearMonth month = YearMonth.from(startDate).plusMonths((long) n * months);
        int wanted = dayOfExecution != null ? dayOfExecution : startDate.getDayOfMonth();
        LocalDate day = month.atDay(Math.min(wanted, month.lengthOfMonth()));
        // in startDate's month, a day before startDate is not applicable
        return day.isBefore(startDate) ? Optional.empty() : Optional.of(day);
    }

    private LocalDate executionDay(LocalDate nominal) {
        LocalDate day = nominal;
        boolean back = PRECEDING.equals(executionRule);
        while (!isWorkingDay(day)) {
            day = back ? day.minusDays(1) : day.plusDays(1);
        }
        if (day.isBefore(startDate)) {
            day = startDate;
            while (!isWorkingDay(day)) {
                day = day.plusDays(1);
            }
        }
        return day;
    }

    static boolean isWorkingDay(LocalDate day) {
        return day.getDayOfWeek() != DayOfWeek.SATURDAY && day.getDayOfWeek() != DayOfWeek.SUNDAY;
    }
}
