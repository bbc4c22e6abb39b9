package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.AccountAccess;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The Berlin Group {@code consents} body as sent (validation is the domain's; the schema says what it checks). */
public record AisConsentRequest(
        @Schema(required = true) AccountAccess access,
        @Schema(required = true, description = "false: a one-off consent, with frequencyPerDay 1") Boolean recurringIndicator,
        @Schema(format = "date", description = "ISO date, not in the past and at most the provider's maximum (180 days)"
                + " ahead; absent: 90 days; 9999-12-31: the maximum") String validUntil,
        @Schema(minimum = "1", description = "above the provider's maximum (4): capped; absent: the maximum")
        Integer frequencyPerDay,
        @Schema(description = "only false is supported; true is BadRequest SESSIONS_NOT_SUPPORTED")
        Boolean combinedServiceIndicator) {
}
