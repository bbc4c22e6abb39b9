package eu.xs2a.payment.domain;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The terms of a periodic payment (Berlin Group 1.3.6 standing order, issue 52): from {@code startDate} (the first
 * applicable day of execution is the first payment) to {@code endDate} (none: until cancelled), every
 * {@code frequency} on {@code dayOfExecution} ("31" is the month's last day), moved to the {@code following} or
 * {@code preceding} working day; {@code monthsOfExecution} names the months of a {@code MonthlyVariable} one. Each
 * field's own format is checked as the body is read; {@link #validate} checks the rules between them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@io.quarkus.runtime.annotations.RegisterForReflection
public record StandingOrder(LocalDate startDate, LocalDate endDate, String executionRule, String frequency,
                            String dayOfExecution, List<String> monthsOfExecution) {

    /** ISO 20022 EventFrequency7Code values of Berlin Group 1.3.6's frequencyCode. */
    public static final List<String> FREQUENCIES = List.of("Daily", "Weekly", "EveryTwoWeeks", "Monthly",
            "EveryTwoMonths", "Quarterly", "SemiAnnual", "Annual", "MonthlyVariable");
    public static final List<String> EXECUTION_RULES = List.of("following", "preceding");
    public static final String MONTHLY_VARIABLE = "MonthlyVariable";
    /** Berlin Group: at most 11 entries (12 would be Monthly). */
    private static final int MONTHS_MAX = 11;

    /**
     * The rules between the fields and on the provider's days; each failure is of class FormatError and names its
     * field (code EXECUTION_DATE_INVALID for a start in the past or too far ahead, PERIOD_INVALID for an end before
     * it).
     */
    public void validate(ExecutionDays days) {
        days.check("startDate", startDate);
        if (endDate != null && endDate.isBefore(startDate)) {
            throw new Psd2Exception(ErrorClass.PERIOD_INVALID, "endDate " + endDate + " is before startDate "
                    + startDate).at("endDate");
        }
        boolean variable = MONTHLY_VARIABLE.equals(frequency);
        if (variable && (monthsOfExecution == null || monthsOfExecution.isEmpty())) {
            throw months("monthsOfExecution is required when frequency is MonthlyVariable");
        }
        if (!variable && monthsOfExecution != null) {
            throw months("monthsOfExecution is only allowed when frequency is MonthlyVariable");
        }
        if (variable) {
            if (monthsOfExecution.size() > MONTHS_MAX) {
                throw months("monthsOfExecution has more than " + MONTHS_MAX + " entries");
            }
            Set<String> seen = new HashSet<>();
            for (String month : monthsOfExecution) {
                if (!seen.add(month)) {
                    throw months("monthsOfExecution names month " + month + " twice");
                }
            }
        }
    }

    /** Every other rule is about monthsOfExecution. */
    private static Psd2Exception months(String message) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, message).at("monthsOfExecution");
    }
}
