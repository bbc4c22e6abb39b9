package eu.xs2a.consent.aspsp;

/**
 * The bank, as consent-service needs it (BANK-API.md "Consents"). Failures are the shared translation's
 * ({@code eu.xs2a.platform.bank.BankTranslation}): bank unreachable, too slow or its circuit open, 5xx and a 4xx other
 * than 400/409/422 → {@code Psd2Exception.serviceUnavailable}; "the bank refused" (400, 409, 422) → ServiceInvalid.
 */
public interface BankConsentPort {

    /** Registers a consent at the bank of the provider; the answer carries the bank's id and SCA page. */
    BankConsentRegistration registerConsent(String providerCode, BankConsentRequest request);

    /** The bank's current view of a consent: status, SCA step. */
    BankConsentState consentAtBank(String providerCode, String bankConsentId);

    /**
     * Tells the bank the TPP terminated the consent. Returns normally also when the bank no longer holds it open
     * (404 unknown there, 409 already final there); any other failure throws, and the deletion is to be retried.
     */
    void deleteConsent(String providerCode, String bankConsentId);
}
