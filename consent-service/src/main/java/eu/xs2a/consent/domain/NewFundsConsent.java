package eu.xs2a.consent.domain;

/**
 * The body of a confirmation-of-funds consent request as received (not yet validated).
 *
 * @param cardExpiryDate ISO date as sent, or null
 */
public record NewFundsConsent(AccountReference account, String cardNumber, String cardExpiryDate,
                              String cardInformation, String registrationInformation) {
}
