package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.AccountReference;
import eu.xs2a.consent.domain.ConsentService;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The {@code consentsConfirmationOfFunds} body as sent (validation is the domain's; the schema says what it checks). */
public record FundsConsentRequest(
        @Schema(required = true) AccountReference account,
        @Schema(maxLength = ConsentService.MAX_CARD_NUMBER) String cardNumber,
        @Schema(format = "date", description = "ISO date, not in the past") String cardExpiryDate,
        @Schema(maxLength = ConsentService.MAX_CARD_TEXT) String cardInformation,
        @Schema(maxLength = ConsentService.MAX_CARD_TEXT) String registrationInformation) {
}
