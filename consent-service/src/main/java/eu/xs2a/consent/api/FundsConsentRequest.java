package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.AccountReference;
import eu.xs2a.consent.domain.ConsentService;
import eu.xs2a.platform.validation.Characters;
import eu.xs2a.platform.validation.IsoDate;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The {@code consentsConfirmationOfFunds} body as sent: each field's own rules are its constraints, checked when the
 * body is read; the rest is the domain's (the schema says what is checked).
 */
@RegisterForReflection
public record FundsConsentRequest(
        @Schema(required = true) @NotNull(message = "is required") @Valid AccountReference account,
        @Schema(maxLength = ConsentService.MAX_CARD_NUMBER) @Characters(max = ConsentService.MAX_CARD_NUMBER)
        String cardNumber,
        @Schema(format = "date", description = "ISO date, not in the past") @IsoDate String cardExpiryDate,
        @Schema(maxLength = ConsentService.MAX_CARD_TEXT) @Characters(max = ConsentService.MAX_CARD_TEXT)
        String cardInformation,
        @Schema(maxLength = ConsentService.MAX_CARD_TEXT) @Characters(max = ConsentService.MAX_CARD_TEXT)
        String registrationInformation) {
}
