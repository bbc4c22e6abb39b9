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

    /** The PSU's SCA methods at the bank, to choose the approach (empty for a PSU the bank does not know). */
    java.util.List<eu.xs2a.platform.sca.BankScaMethod> scaMethods(String providerCode, String psuId);

    /**
     * Embedded SCA: the PSU's password, passed on and never kept. The bank's refusals of the PSU's input are in the
     * answer ({@link BankScaStep#error()}); the step out of order at the bank is a ServiceInvalid.
     */
    BankScaStep authenticatePsu(String providerCode, String bankConsentId, String psuId, String password);

    /**
     * A new SCA of a consent awaiting it (an authorisation started explicitly): the bank drops the open one and
     * starts again at received; a decoupled one pushes to the PSU's app at once.
     */
    BankScaStep restartSca(String providerCode, String bankConsentId, eu.xs2a.platform.sca.ScaApproach approach,
                           String psuId);

    /** Embedded SCA: the method the PSU chose of several. */
    BankScaStep selectMethod(String providerCode, String bankConsentId, String authenticationMethodId);

    /** Embedded SCA: the PSU's one-time code, passed on and never kept. */
    BankScaStep authorise(String providerCode, String bankConsentId, String otp);

    /**
     * Tells the bank the TPP terminated the consent. Returns normally also when the bank no longer holds it open
     * (404 unknown there, 409 already final there); any other failure throws, and the deletion is to be retried.
     */
    void deleteConsent(String providerCode, String bankConsentId);
}
