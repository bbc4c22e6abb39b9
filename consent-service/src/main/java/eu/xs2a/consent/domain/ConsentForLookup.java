package eu.xs2a.consent.domain;

import java.time.LocalDate;

/**
 * A consent as the lookup reads it: the fields it checks and answers with, and how often the resource asked about was
 * already accessed unattended today. A value, not the entity: the lookup never changes a consent, so it does not need
 * the state machine, only the same expiry rule ({@link ConsentRules#isPastValidUntil}).
 *
 * @param frequencyPerDay null for a confirmation-of-funds consent
 * @param accessedToday   unattended accesses counted today for the resource (and account) of the question
 */
public record ConsentForLookup(String id, ConsentType type, ConsentStatus status, AccountAccess access,
                               AccountReference account, String cardNumber, boolean recurringIndicator,
                               LocalDate validUntil, Integer frequencyPerDay, String bankConsentId,
                               int accessedToday) {

    public boolean isPastValidUntil(LocalDate today) {
        return ConsentRules.isPastValidUntil(validUntil, today);
    }
}
