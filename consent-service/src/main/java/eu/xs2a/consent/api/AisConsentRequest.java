package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.AccountAccess;

/** The Berlin Group {@code consents} body as sent (validation is the domain's). */
public record AisConsentRequest(AccountAccess access, Boolean recurringIndicator, String validUntil,
                                Integer frequencyPerDay, Boolean combinedServiceIndicator) {
}
