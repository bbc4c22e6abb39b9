package eu.xs2a.platform.kpi;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The range a KPI report covers, [from, to) in UTC, read from the query: {@code from} and {@code to} (an instant
 * with offset, {@code 2026-11-29T08:00:00Z}, or a date: from its start, to its end), or {@code day=2026-11-29}, or
 * {@code quarter=2026-Q4}. Anything else is FormatError naming the parameter.
 */
public record KpiRange(Instant from, Instant to) {

    private static final Pattern QUARTER = Pattern.compile("(\\d{4})-Q([1-4])");

    public static KpiRange of(String from, String to, String day, String quarter, Duration maxRange) {
        int given = (from != null || to != null ? 1 : 0) + (day != null ? 1 : 0) + (quarter != null ? 1 : 0);
        if (given != 1) {
            throw refused("Give the range as from and to, or as day, or as quarter (one of them)");
        }
        KpiRange range;
        if (day != null) {
            LocalDate date = date("day", day);
            range = new KpiRange(start(date), start(date.plusDays(1)));
        } else if (quarter != null) {
            Matcher m = QUARTER.matcher(quarter);
            if (!m.matches()) {
                throw refused("quarter '" + ErrorTexts.shown(quarter) + "' is not a quarter such as 2026-Q4");
            }
            LocalDate first = LocalDate.of(Integer.parseInt(m.group(1)), (Integer.parseInt(m.group(2)) - 1) * 3 + 1, 1);
            range = new KpiRange(start(first), start(first.plusMonths(3)));
        } else {
            if (from == null || to == null) {
                throw refused((from == null ? "from" : "to") + " is missing: give both from and to");
            }
            range = new KpiRange(instant("from", from, false), instant("to", to, true));
        }
        if (!range.from.isBefore(range.to)) {
            throw refused("from must be before to");
        }
        if (Duration.between(range.from, range.to).compareTo(maxRange) > 0) {
            throw refused("The range is longer than " + maxRange.toDays() + " days; ask for it in parts");
        }
        return range;
    }

    /** An instant with an offset, or a date: its start ({@code from}) or its end ({@code to}, the next day's start). */
    private static Instant instant(String name, String value, boolean end) {
        if (value.length() == 10) {
            LocalDate date = date(name, value);
            return start(end ? date.plusDays(1) : date);
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw refused(name + " '" + ErrorTexts.shown(value)
                    + "' is neither a date (2026-11-29) nor a time with offset (2026-11-29T08:00:00Z)");
        }
    }

    private static LocalDate date(String name, String value) {
        try {
            return LocalDate.parse(value);
        } catch (DateTimeParseException e) {
            throw refused(name + " '" + ErrorTexts.shown(value) + "' is not a date such as 2026-11-29");
        }
    }

    private static Instant start(LocalDate date) {
        return date.atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    private static Psd2Exception refused(String message) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, message);
    }
}
