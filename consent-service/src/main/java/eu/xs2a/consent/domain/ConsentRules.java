package eu.xs2a.consent.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderCalendar;
import eu.xs2a.platform.validation.IsoDates;
import java.time.LocalDate;

/** validUntil and frequencyPerDay rules of docs/ARCHITECTURE.md "State machines". */
public final class ConsentRules {

    /** The Berlin Group value for "as long as possible": shown adjusted to the provider's maximum. */
    public static final LocalDate UNLIMITED = LocalDate.of(9999, 12, 31);

    private ConsentRules() {
    }

    /**
     * @param requested   the request's validUntil as sent (an ISO date, its constraint in the request), or null
     * @param today       the current date at the consent's provider ({@code config.ProviderCalendar})
     * @param defaultDays validity when none is asked (90), at most {@code maxDays}
     * @param maxDays     the provider's maximum (180, the SCA exemption)
     */
    public static LocalDate effectiveValidUntil(String requested, LocalDate today, int defaultDays, int maxDays) {
        if (requested == null) {
            // a provider may allow less than the default: the default never exceeds what could be asked for
            return today.plusDays(Math.min(defaultDays, maxDays));
        }
        LocalDate date = IsoDates.parse("validUntil", requested);
        LocalDate max = today.plusDays(maxDays);
        if (date.equals(UNLIMITED)) {
            return max;
        }
        if (date.isBefore(today)) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "validUntil " + date + " is in the past").at("validUntil");
        }
        if (date.isAfter(max)) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "validUntil " + date + " is more than " + maxDays
                    + " days ahead (latest allowed: " + max + ")").at("validUntil");
        }
        return date;
    }

    /**
     * @param requested   frequencyPerDay as sent (at least 1, its constraint in the request), or null (then the
     *                    provider maximum)
     * @param recurring   recurringIndicator; a one-off consent has frequencyPerDay 1
     * @param providerMax the provider's maximum; higher values are capped (GET shows the effective value)
     */
    public static int effectiveFrequencyPerDay(Integer requested, boolean recurring, int providerMax) {
        if (!recurring) {
            return 1;
        }
        return requested == null ? providerMax : Math.min(requested, providerMax);
    }

    /**
     * Past validUntil on the given date (of the consent's provider): validUntil itself is still a valid day, and no
     * validUntil never passes.
     */
    public static boolean isPastValidUntil(LocalDate validUntil, LocalDate today) {
        return validUntil != null && today.isAfter(validUntil);
    }
}
