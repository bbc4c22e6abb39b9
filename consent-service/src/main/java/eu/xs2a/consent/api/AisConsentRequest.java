package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.AccountAccess;
import eu.xs2a.platform.validation.IsoDate;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The Berlin Group {@code consents} body as sent: each field's own rules are its constraints, checked when the body is
 * read; how the fields go together, and the provider's limits, are the domain's (the schema says what is checked).
 */
@RegisterForReflection
public record AisConsentRequest(
        @Schema(required = true) @NotNull(message = "is required") @Valid AccountAccess access,
        @Schema(required = true, description = "false: a one-off consent, with frequencyPerDay 1")
        @NotNull(message = "is required") Boolean recurringIndicator,
        @Schema(format = "date", description = "ISO date, not in the past and at most the provider's maximum (180 days)"
                + " ahead; absent: 90 days; 9999-12-31: the maximum") @IsoDate String validUntil,
        @Schema(minimum = "1", description = "above the provider's maximum (4): capped; absent: the maximum")
        @Min(value = 1, message = "${validatedValue} must be at least {value}") Integer frequencyPerDay,
        @Schema(description = "only false is supported; true is BadRequest SESSIONS_NOT_SUPPORTED")
        Boolean combinedServiceIndicator) {
}
