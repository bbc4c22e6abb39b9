package eu.xs2a.account.consent;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * consent-service's answer when the consent may be used for the call: {@code access} for an AIS consent,
 * {@code account} (and {@code cardNumber}, when consent-service gives it) for a confirmation-of-funds consent.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record ConsentCheckResult(String consentId, String consentStatus, String aspspConsentId, String validUntil,
                                 JsonNode access, JsonNode account, String cardNumber, Boolean recurringIndicator, Integer frequencyPerDay,
                                 Integer remainingToday) {
}
