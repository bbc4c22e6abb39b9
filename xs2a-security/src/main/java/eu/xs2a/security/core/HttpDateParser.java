package eu.xs2a.security.core;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * RFC 7231 section 7.1.1.1: a recipient accepts IMF-fixdate ({@code Sun, 06 Nov 1994 08:49:37 GMT}) and the
 * obsolete RFC 850 ({@code Sunday, 06-Nov-94 08:49:37 GMT}) and asctime ({@code Sun Nov  6 08:49:37 1994}) forms.
 */
final class HttpDateParser {

    private static final DateTimeFormatter RFC_1123 = DateTimeFormatter.RFC_1123_DATE_TIME;
    /** Two-digit years: RFC 7231 reads a year more than 50 years ahead as the past century's. */
    private static final DateTimeFormatter RFC_850 = new DateTimeFormatterBuilder()
            .appendPattern("EEEE, dd-MMM-")
            .appendValueReduced(ChronoField.YEAR, 2, 2, LocalDate.now(ZoneOffset.UTC).minusYears(50))
            .appendPattern(" HH:mm:ss 'GMT'")
            .toFormatter(Locale.US);
    private static final DateTimeFormatter ASCTIME = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.US);

    /**
     * Requests of the same second carry the same Date text, so a few recent texts are remembered, in slots chosen by
     * hash. One slot was not enough: TPPs with clocks a second apart, or two clients interleaving, replaced each
     * other's entry on every request.
     */
    private static final int SLOTS = 16;
    private static final AtomicReferenceArray<Parsed> RECENT = new AtomicReferenceArray<>(SLOTS);

    private record Parsed(String text, Instant instant) {
    }

    private HttpDateParser() {
    }

    /** @return the instant, or null when the text is none of the three forms */
    static Instant parse(String value) {
        int slot = value.hashCode() & (SLOTS - 1);
        Parsed cached = RECENT.get(slot);
        if (cached != null && cached.text.equals(value)) {
            return cached.instant;
        }
        Instant instant = parseUncached(value);
        if (instant != null) {
            RECENT.set(slot, new Parsed(value, instant));
        }
        return instant;
    }

    private static Instant parseUncached(String value) {
        String v = value.strip();
        try {
            // RFC_1123_DATE_TIME also accepts "GMT" and one-digit days; an HTTP date must say GMT
            if (v.endsWith(" GMT") && v.indexOf(',') == 3) {
                return RFC_1123.parse(v, Instant::from);
            }
        } catch (DateTimeParseException e) {
            return null;
        }
        try {
            if (v.endsWith(" GMT")) {
                LocalDateTime t = LocalDateTime.parse(v, RFC_850);
                return t.toInstant(ZoneOffset.UTC);
            }
        } catch (DateTimeParseException e) {
            return null;
        }
        try {
            return LocalDateTime.parse(v, ASCTIME).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
