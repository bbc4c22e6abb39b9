package eu.xs2a.platform.provider;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProvidersConfig;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The one source of a provider's "today" in every gateway service: a consent's validUntil, expiry and per-day access
 * count (consent-service), a payment's requested execution date (payment-service), a transaction report's default
 * dateTo (account-service). Dates are those of the provider's bank, in its own time zone
 * ({@code psd2.providers.<code>.time-zone} in the provider registry), not UTC: between midnight at the bank and
 * midnight UTC the bank is already on the next day (or still on the previous one), and a consent's last valid day
 * must end when the bank's ends. "Now" itself is the {@link Clock} bean's ({@link ClockProducer}).
 *
 * <p>The zones are read from the registry once, at start (an unknown zone id already stops the service there): the
 * consent lookup asks for "today" on every account read, and pays one map lookup for it.
 */
@Singleton
public class ProviderCalendar {

    private final Clock clock;
    private final Map<String, ZoneId> zones;

    @Inject
    public ProviderCalendar(Clock clock, ProvidersConfig providers) {
        this(clock, providers.all().entrySet().stream()
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> e.getValue().timeZone())));
    }

    /** @param zones each provider code's time zone */
    public ProviderCalendar(Clock clock, Map<String, ZoneId> zones) {
        this.clock = clock;
        this.zones = Map.copyOf(zones);
    }

    /** The current date at the provider's bank. */
    public LocalDate today(String providerCode) {
        return dateOf(providerCode, clock.instant());
    }

    /** The date an instant falls on at the provider's bank. */
    public LocalDate dateOf(String providerCode, Instant instant) {
        return LocalDate.ofInstant(instant, zone(providerCode));
    }

    /**
     * The provider's time zone; a code the registry does not list is ResourceUnknown, as everywhere (the endpoints
     * check the provider before they get here).
     */
    public ZoneId zone(String providerCode) {
        ZoneId zone = providerCode == null ? null : zones.get(providerCode);
        if (zone == null) {
            throw new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "Unknown provider code '" + providerCode + "'");
        }
        return zone;
    }

    /**
     * The current date at the provider's bank, empty for a code the registry does not list (the consent lookup
     * answers that as an unknown consent, not as an unknown provider).
     */
    public Optional<LocalDate> todayIfKnown(String providerCode) {
        ZoneId zone = providerCode == null ? null : zones.get(providerCode);
        return zone == null ? Optional.empty() : Optional.of(LocalDate.ofInstant(clock.instant(), zone));
    }

    /** Every provider code of the registry (the expiry job works through them one by one, each on its own date). */
    public Set<String> providerCodes() {
        return zones.keySet();
    }

    /**
     * The earliest of the providers' current dates (the bank furthest west), or empty without providers: a date
     * before it is in the past for every provider.
     */
    public Optional<LocalDate> earliestToday() {
        Instant now = clock.instant();
        return zones.values().stream().map(zone -> LocalDate.ofInstant(now, zone)).min(LocalDate::compareTo);
    }
}
