package eu.xs2a.consent.domain;

import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.Psd2Exception;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/** validUntil and frequencyPerDay rules of DESIGN.md "State machines". */
public final class ConsentRules {

    /** The Berlin Group value for "as long as possible": shown adjusted to the provider's maximum. */
    public static final LocalDate UNLIMITED = LocalDate.of(9999, 12, 31);
    private static final Pattern ISO_DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");

    private ConsentRules() {
    }

    /**
     * @param requested   the request's validUntil as sent (ISO date), or null
     * @param today       the current UTC date
     * @param defaultDays validity when none is asked (90)
     * @param maxDays     the provider's maximum (180, the SCA exemption)
     */
    public static LocalDate effectiveValidUntil(String requested, LocalDate today, int defaultDays, int maxDays) {
        if (requested == null) {
            return today.plusDays(defaultDays);
        }
        LocalDate date = isoDate("validUntil", requested);
        LocalDate max = today.plusDays(maxDays);
        if (date.equals(UNLIMITED)) {
            return max;
        }
        if (date.isBefore(today)) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "validUntil " + date + " is in the past");
        }
        if (date.isAfter(max)) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "validUntil " + date + " is more than " + maxDays
                    + " days ahead (latest allowed: " + max + ")");
        }
        return date;
    }

    /**
     * @param requested   frequencyPerDay as sent, or null (then the provider maximum)
     * @param recurring   recurringIndicator; a one-off consent has frequencyPerDay 1
     * @param providerMax the provider's maximum; higher values are capped (GET shows the effective value)
     */
    public static int effectiveFrequencyPerDay(Integer requested, boolean recurring, int providerMax) {
        if (requested != null && requested < 1) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "frequencyPerDay " + requested + " must be at least 1");
        }
        if (!recurring) {
            return 1;
        }
        return requested == null ? providerMax : Math.min(requested, providerMax);
    }

    /** Past validUntil on the given UTC date: validUntil itself is still a valid day, and no validUntil never passes. */
    public static boolean isPastValidUntil(LocalDate validUntil, LocalDate today) {
        return validUntil != null && today.isAfter(validUntil);
    }

    /**
     * A date as the Berlin Group writes it, yyyy-MM-dd. ISO parsing alone also reads signed years of up to nine
     * digits ("+999999999-12-31"), which no database date column holds.
     */
    public static LocalDate isoDate(String field, String text) {
        if (text == null || !ISO_DATE.matcher(text).matches()) {
            throw notADate(field, text);
        }
        try {
            return LocalDate.parse(text);
        } catch (DateTimeParseException e) {
            throw notADate(field, text);
        }
    }

    private static Psd2Exception notADate(String field, String text) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, field + " '" + text + "' is not an ISO date (yyyy-MM-dd)");
    }
}
