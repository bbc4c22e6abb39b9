package eu.xs2a.consent.domain;

/**
 * A consent just created, its authorisation, the one-time scaRedirect token (only ever held in memory; shown only for
 * a redirect authorisation) and the bank's message for the PSU (a decoupled SCA started), or null. Also the
 * CDI event fired inside the transaction that stores the consent.
 */
public record CreatedConsent(Consent consent, ConsentAuthorisation authorisation, String redirectToken,
                             String psuMessage) {
}
