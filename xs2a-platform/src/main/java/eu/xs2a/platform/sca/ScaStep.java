package eu.xs2a.platform.sca;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;

/**
 * The TPP's steps of an embedded authorisation ({@code PUT …/authorisations/{id}}) and the one status each may
 * follow: the password at {@code received} (or {@code psuIdentified}), the method at {@code psuAuthenticated}, the
 * OTP at {@code scaMethodSelected}. A step elsewhere, on a final authorisation, or on one of another approach (a
 * redirect's steps happen at the bank's pages, a decoupled one's in the PSU's app) is 409 STATUS_INVALID.
 */
public enum ScaStep {
    /** updatePsuAuthentication: psuData.password. */
    AUTHENTICATE_PSU,
    /** selectPsuAuthenticationMethod: authenticationMethodId. */
    SELECT_METHOD,
    /** transactionAuthorisation: scaAuthenticationData. */
    AUTHORISE_TRANSACTION;

    /** Whether this step may come at {@code status} of an authorisation of {@code approach}. */
    public boolean allowedAt(ScaApproach approach, ScaStatus status) {
        if (approach != ScaApproach.EMBEDDED) {
            return false;
        }
        return switch (this) {
            case AUTHENTICATE_PSU -> status == ScaStatus.received || status == ScaStatus.psuIdentified;
            case SELECT_METHOD -> status == ScaStatus.psuAuthenticated;
            case AUTHORISE_TRANSACTION -> status == ScaStatus.scaMethodSelected;
        };
    }

    /** @throws Psd2Exception 409 STATUS_INVALID when {@link #allowedAt} says no */
    public void requireAllowedAt(ScaApproach approach, ScaStatus status) {
        if (!allowedAt(approach, status)) {
            throw new Psd2Exception(ErrorClass.STATUS_INVALID, switch (approach) {
                case REDIRECT -> "This authorisation is a redirect SCA: the PSU authorises at the bank (scaRedirect)";
                case DECOUPLED -> "This authorisation is a decoupled SCA: the PSU authorises in the bank's app;"
                        + " read its scaStatus";
                case EMBEDDED -> "The authorisation is " + status + ": " + expected();
            });
        }
    }

    private String expected() {
        return switch (this) {
            case AUTHENTICATE_PSU -> "psuData.password is taken only before the PSU is authenticated";
            case SELECT_METHOD -> "authenticationMethodId is taken only at psuAuthenticated";
            case AUTHORISE_TRANSACTION -> "scaAuthenticationData is taken only at scaMethodSelected";
        };
    }
}
