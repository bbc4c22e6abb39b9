package eu.xs2a.consent.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.consent.domain.AccountReference;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** ConsentConfirmationOfFundsContentResponse of the confirmation-of-funds 2.0 file. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record FundsConsentInformation(AccountReference account, String cardNumber, String cardExpiryDate,
                                      String cardInformation, String registrationInformation,
                                      String consentStatus) {
}
