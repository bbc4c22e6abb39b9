package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.AccountReference;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;

/**
 * Body of {@code POST /internal/v1/consent-checks} (docs/ARCHITECTURE.md "Consent lookup"); the account's identifiers
 * are checked by their constraints when the body is read.
 */
@RegisterForReflection
public record ConsentCheckRequest(String providerCode, String tppId, String consentId, String purpose,
                                  String resource, @Valid AccountReference account, Boolean psuPresent) {
}
