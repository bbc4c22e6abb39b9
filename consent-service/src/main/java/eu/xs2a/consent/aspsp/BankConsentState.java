package eu.xs2a.consent.aspsp;

/**
 * {@code GET /bank/v1/consents/{id}}, the fields consent-service uses.
 *
 * @param status    received | valid | rejected | revokedByPsu | terminatedByTpp | expired
 * @param scaStatus received | psuIdentified | psuAuthenticated | started | finalised | failed
 */
public record BankConsentState(String bankConsentId, String type, String status, String scaStatus, String psuId) {
}
