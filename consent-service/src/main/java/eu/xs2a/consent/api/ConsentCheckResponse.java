package eu.xs2a.consent.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.consent.domain.AccountAccess;
import eu.xs2a.consent.domain.AccountReference;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * 200 of the consent lookup. {@code access} is the AIS access; a confirmation-of-funds consent has
 * {@code account} (and {@code cardNumber} when the TPP gave one) instead, and no frequencyPerDay/remainingToday
 * (it is not counted).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record ConsentCheckResponse(String consentId, String consentStatus, String aspspConsentId, String validUntil,
                                   AccountAccess access, AccountReference account, String cardNumber,
                                   boolean recurringIndicator,
                                   Integer frequencyPerDay, Integer remainingToday) {
}
