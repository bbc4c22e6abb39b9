package eu.xs2a.testsupport;

import java.time.LocalDate;
import java.time.ZoneId;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The bank calendar as every service's tests see it: dates in a provider's time zone ({@code psd2.providers.<code>.time-zone},
 * the provider registry), by the real clock. Read from the configuration, so it also holds for the packaged
 * application of the *IT classes.
 */
public final class BankDates {

    public static final String SANDBOX = "sandbox";

    private BankDates() {
    }

    public static ZoneId zone(String providerCode) {
        return ConfigProvider.getConfig().getValue("psd2.providers." + providerCode + ".time-zone", ZoneId.class);
    }

    /** Today at the provider's bank, by the real clock (not the TestClock). */
    public static LocalDate today(String providerCode) {
        return LocalDate.now(zone(providerCode));
    }

    /** Today at sandbox's bank, by the real clock. */
    public static LocalDate today() {
        return today(SANDBOX);
    }
}
