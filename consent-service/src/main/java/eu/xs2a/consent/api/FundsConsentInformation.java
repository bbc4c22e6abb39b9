package eu.xs2a.consent.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.consent.domain.AccountReference;

/** ConsentConfirmationOfFundsContentResponse of the confirmation-of-funds 2.0 file. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FundsConsentInformation(AccountReference account, String cardNumber, String cardExpiryDate,
                                      String cardInformation, String registrationInformation,
                                      String consentStatus) {
}
