package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.AccountReference;

/** Body of {@code POST /internal/v1/consent-checks} (docs/ARCHITECTURE.md "Consent lookup"). */
public record ConsentCheckRequest(String providerCode, String tppId, String consentId, String purpose,
                                  String resource, AccountReference account, Boolean psuPresent) {
}
