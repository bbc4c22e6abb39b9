package eu.xs2a.consent.domain;

/**
 * The body of an AIS consent request as received (not yet validated; validation is the service's job).
 *
 * @param validUntil ISO date as sent, or null
 */
public record NewAisConsent(AccountAccess access, Boolean recurringIndicator, String validUntil,
                            Integer frequencyPerDay, Boolean combinedServiceIndicator) {
}
