package eu.xs2a.consent.domain;

/**
 * A consent just created, its authorisation, and the one-time scaRedirect token (only ever held in memory). Also the
 * CDI event fired inside the transaction that stores the consent.
 */
public record CreatedConsent(Consent consent, ConsentAuthorisation authorisation, String redirectToken) {
}
