package eu.xs2a.consent.domain;

/**
 * A successful check: the consent, and how many unattended accesses to this resource are left today
 * (null for a confirmation-of-funds consent, which is not counted).
 */
public record ConsentCheckResult(ConsentForLookup consent, Integer remainingToday) {
}
