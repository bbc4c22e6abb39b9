package eu.xs2a.consent.aspsp;

/**
 * The bank, as consent-service needs it (BANK-API.md "Consents"). Implementations turn "bank unreachable or too
 * slow" into {@code Psd2Exception.serviceUnavailable} and "the bank refused" into ServiceInvalid.
 */
public interface BankConsentPort {

    /** Registers a consent at the bank of the provider; the answer carries the bank's id and SCA page. */
    BankConsentRegistration registerConsent(String providerCode, BankConsentRequest request);

    /** The bank's current view of a consent: status, SCA step. */
    BankConsentState consentAtBank(String providerCode, String bankConsentId);

    /** Tells the bank the TPP terminated the consent. */
    void deleteConsent(String providerCode, String bankConsentId);
}
