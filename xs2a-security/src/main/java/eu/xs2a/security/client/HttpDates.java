package eu.xs2a.security.client;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** RFC 7231 IMF-fixdate, the form a sender must produce (e.g. {@code Sun, 06 Nov 1994 08:49:37 GMT}). */
public final class HttpDates {

    public static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    private HttpDates() {
    }

    public static String format(Instant instant) {
        return IMF_FIXDATE.format(instant);
    }
}
