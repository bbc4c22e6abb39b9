package eu.xs2a.payment.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.time.LocalDate;

/**
 * The days a payment can be executed on at its provider's bank: from the bank's today to the last day it takes a
 * future-dated payment for ({@code psd2.providers.<code>.max-execution-days-ahead}). A date outside them is Berlin
 * Group's EXECUTION_DATE_INVALID, naming the field.
 */
public record ExecutionDays(LocalDate today, LocalDate latest) {

    public static ExecutionDays from(LocalDate today, int maxDaysAhead) {
        return new ExecutionDays(today, today.plusDays(maxDaysAhead));
    }

    /** Refuses {@code date} (the value of {@code field}) before today or after the latest day. */
    void check(String field, LocalDate date) {
        if (date.isBefore(today)) {
            throw invalid(field, field + " " + date + " is in the past");
        }
        if (date.isAfter(latest)) {
            throw invalid(field, field + " " + date + " is too far ahead: the bank takes payments for execution up to "
                    + latest + " (" + (latest.toEpochDay() - today.toEpochDay()) + " days ahead)");
        }
    }

    static Psd2Exception invalid(String field, String message) {
        return new Psd2Exception(ErrorClass.EXECUTION_DATE_INVALID, message).at(field);
    }
}
