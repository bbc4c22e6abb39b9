package eu.xs2a.platform.validation;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/**
 * The one reader of a TPP's calendar date (a body's validUntil, cardExpiryDate or requestedExecutionDate, a query's
 * dateFrom/dateTo), in every service. The Berlin Group writes dates as ISO 8601 yyyy-MM-dd. {@link LocalDate#parse}
 * alone also reads signed years of up to nine digits ("+999999999-12-31"), which no PostgreSQL date column and no bank
 * holds, and year 0000; so the shape is checked first, in ASCII digits only.
 */
public final class IsoDates {

    private static final Pattern SHAPE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
    private static final int FIRST_YEAR = 1;

    private IsoDates() {
    }

    /** The date, or FormatError naming the field; null is not a date (callers decide what an absent value means). */
    public static LocalDate parse(String field, String text) {
        if (text == null || !SHAPE.matcher(text).matches()) {
            throw notADate(field, text);
        }
        LocalDate date;
        try {
            date = LocalDate.parse(text);
        } catch (DateTimeParseException e) {
            throw notADate(field, text);
        }
        if (date.getYear() < FIRST_YEAR) {
            throw notADate(field, text);
        }
        return date;
    }

    private static Psd2Exception notADate(String field, String text) {
        String shown = text == null ? "null" : "'" + ErrorTexts.shown(text) + "'";
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, field + " " + shown + " is not an ISO date (yyyy-MM-dd)")
                .at(field);
    }
}
