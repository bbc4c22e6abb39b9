package eu.xs2a.e2e.support;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Properties;

/**
 * Today at a provider's bank, in the time zone the stack runs it with (config/providers.properties). The machine's
 * own date differs from it for an hour or two around midnight, and a date that is "tomorrow" here may be today there.
 */
public final class BankDays {

    private BankDays() {
    }

    public static LocalDate today(String providerCode) {
        Properties providers = new Properties();
        try (Reader in = Files.newBufferedReader(Repository.root().resolve("config/providers.properties"))) {
            providers.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read config/providers.properties", e);
        }
        String zone = providers.getProperty("psd2.providers." + providerCode + ".time-zone");
        if (zone == null) {
            throw new IllegalStateException("config/providers.properties gives provider " + providerCode + " no time-zone");
        }
        return LocalDate.now(ZoneId.of(zone.trim()));
    }
}
