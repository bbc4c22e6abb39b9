package eu.xs2a.consent.domain;

import java.time.Instant;

/**
 * A consent's status as the bank reports it in a status event (aspsp-sandbox/BANK-API.md "Status events"), already
 * checked for form.
 *
 * @param bankStatus one of the bank's consent statuses (BANK-API.md "Consents"), or terminatedByBank
 */
public record BankStatusEvent(String eventId, String bankConsentId, String bankStatus, Instant occurredAt) {
}
