package eu.xs2a.consent.domain;

import java.time.Instant;

/**
 * A consent's status as the bank reports it in a status event (BANK-API.md "Status events"), already checked for form.
 *
 * @param bankStatus one of {@link #STATUSES}
 */
public record BankStatusEvent(String eventId, String bankConsentId, String bankStatus, Instant occurredAt) {

    /** The bank's consent statuses (BANK-API.md "Consents"). */
    public static final java.util.Set<String> STATUSES = java.util.Set.of("received", "valid", "rejected",
            "revokedByPsu", "terminatedByTpp", "expired", "terminatedByBank");
}
