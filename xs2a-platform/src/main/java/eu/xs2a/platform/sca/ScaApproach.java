package eu.xs2a.platform.sca;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Berlin Group's SCA approaches the gateway offers (ASPSP-SCA-Approach), and the choice of one per request
 * (docs/ARCHITECTURE.md "SCA approaches"): the provider registry lists what a provider offers
 * ({@code sca-approaches}); the TPP's TPP-Redirect-Preferred true or absent means redirect where offered; false (or
 * redirect not offered) means the bank decides from the PSU's SCA methods: all decoupled → DECOUPLED, else EMBEDDED,
 * each only where offered. A provider that offers only REDIRECT is never asked anything.
 */
public enum ScaApproach {
    REDIRECT, EMBEDDED, DECOUPLED;

    /**
     * The approach for one request.
     *
     * @param psuMethods the PSU's methods at the bank, asked only when the choice depends on them (a bank call)
     */
    public static ScaApproach choose(Set<ScaApproach> offered, boolean redirectPreferred,
                                     Supplier<List<BankScaMethod>> psuMethods) {
        boolean redirect = offered.contains(REDIRECT);
        if (redirect && (redirectPreferred || offered.size() == 1)) {
            return REDIRECT;
        }
        List<BankScaMethod> methods = psuMethods.get();
        boolean allDecoupled = !methods.isEmpty() && methods.stream().allMatch(BankScaMethod::decoupled);
        if (allDecoupled && offered.contains(DECOUPLED)) {
            return DECOUPLED;
        }
        if (offered.contains(EMBEDDED)) {
            return EMBEDDED;
        }
        if (offered.contains(DECOUPLED) && methods.stream().anyMatch(BankScaMethod::decoupled)) {
            return DECOUPLED;
        }
        if (redirect) {
            return REDIRECT;
        }
        throw new Psd2Exception(ErrorClass.SERVICE_INVALID, "The PSU has no SCA method for the approaches this provider"
                + " offers (" + offered + ")");
    }
}
