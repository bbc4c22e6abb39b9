package eu.xs2a.account.config;

import eu.xs2a.security.quarkus.ProviderRegistry;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.LocalDate;

/**
 * The one source of "today" for account data: a transaction report's default dateTo, the last day the bank is asked
 * for when the data is fetched, and the entry date of a transaction the bank gives no date. Dates are those of the
 * provider's bank, in its own time zone ({@code psd2.providers.<code>.time-zone} in the provider registry), not UTC:
 * between midnight at the bank and midnight UTC the two are on different days, and the bank's own day is the one its
 * statements use. The registry is shared with consent-service and payment-service, so one provider has one calendar in
 * every service. "Now" itself is the {@link Clock} bean's.
 */
@Singleton
public class BankCalendar {

    private final Clock clock;
    private final ProviderRegistry providers;

    public BankCalendar(Clock clock, ProviderRegistry providers) {
        this.clock = clock;
        this.providers = providers;
    }

    /** The current date at the provider's bank; a code the registry does not list is ResourceUnknown, as everywhere. */
    public LocalDate today(String providerCode) {
        return LocalDate.ofInstant(clock.instant(), providers.require(providerCode).timeZone());
    }
}
