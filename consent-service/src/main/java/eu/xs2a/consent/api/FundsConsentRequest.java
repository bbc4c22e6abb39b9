package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.AccountReference;

/** The {@code consentsConfirmationOfFunds} body as sent. */
public record FundsConsentRequest(AccountReference account, String cardNumber, String cardExpiryDate,
                                  String cardInformation, String registrationInformation) {
}
