package eu.xs2a.consent.support;

import java.time.LocalDate;
import java.time.ZoneId;
import org.eclipse.microprofile.config.ConfigProvider;

/** The service's consent calendar as the tests see it: dates in consent.time-zone (application.properties). */
public final class ConsentDates {

    private ConsentDates() {
    }

    public static ZoneId zone() {
        return ConfigProvider.getConfig().getValue("consent.time-zone", ZoneId.class);
    }

    /** Today in the consent calendar, by the real clock (not the TestClock). */
    public static LocalDate today() {
        return LocalDate.now(zone());
    }
}
