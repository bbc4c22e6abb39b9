package eu.xs2a.consent.domain;

import java.time.Instant;
import java.util.Set;

/**
 * A consent's status as the bank reports it in a status event (aspsp-sandbox/BANK-API.md "Status events"), already
 * checked for form.
 *
 * @param bankStatus one of {@link #STATUSES}
 */
public record BankStatusEvent(String eventId, String bankConsentId, String bankStatus, Instant occurredAt) {

    /** The bank's consent statuses (BANK-API.md "Consents"). */
    public static final Set<String> STATUSES = Set.of("received", "valid", "rejected", "revokedByPsu",
            "terminatedByTpp", "expired", "terminatedByBank");
}
