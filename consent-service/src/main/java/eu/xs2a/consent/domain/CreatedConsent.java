package eu.xs2a.consent.domain;

/** A consent just created, its authorisation, and the one-time scaRedirect token (only ever held in memory). */
public record CreatedConsent(Consent consent, ConsentAuthorisation authorisation, String redirectToken) {
}
