package eu.xs2a.platform.sca;

import eu.xs2a.platform.bank.PsuContext;

/**
 * One step of an embedded authorisation as the TPP sent it ({@code PUT …/authorisations/{id}}): which step, PSU-ID,
 * the one value the step carries, and the PSU's context of the request (passed on to the bank with the step). The
 * password and the OTP are held only for the bank call; {@link #toString()} never shows them.
 */
public record PsuDataUpdate(ScaStep step, String psuId, String password, String authenticationMethodId, String otp,
                            PsuContext psuContext) {

    public static PsuDataUpdate authentication(String psuId, String password, PsuContext psuContext) {
        return new PsuDataUpdate(ScaStep.AUTHENTICATE_PSU, psuId, password, null, null, psuContext);
    }

    public static PsuDataUpdate methodSelection(String authenticationMethodId, PsuContext psuContext) {
        return new PsuDataUpdate(ScaStep.SELECT_METHOD, null, null, authenticationMethodId, null, psuContext);
    }

    public static PsuDataUpdate transactionAuthorisation(String otp, PsuContext psuContext) {
        return new PsuDataUpdate(ScaStep.AUTHORISE_TRANSACTION, null, null, null, otp, psuContext);
    }

    @Override
    public String toString() {
        return "PsuDataUpdate[" + step + (psuId == null ? "" : ", psuId=" + psuId)
                + (authenticationMethodId == null ? "" : ", authenticationMethodId=" + authenticationMethodId) + "]";
    }
}
