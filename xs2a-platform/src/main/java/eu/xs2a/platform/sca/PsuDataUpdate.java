package eu.xs2a.platform.sca;

/**
 * One step of an embedded authorisation as the TPP sent it ({@code PUT …/authorisations/{id}}): which step, PSU-ID,
 * and the one value the step carries. The password and the OTP are held only for the bank call; {@link #toString()}
 * never shows them.
 */
public record PsuDataUpdate(ScaStep step, String psuId, String password, String authenticationMethodId, String otp) {

    public static PsuDataUpdate authentication(String psuId, String password) {
        return new PsuDataUpdate(ScaStep.AUTHENTICATE_PSU, psuId, password, null, null);
    }

    public static PsuDataUpdate methodSelection(String authenticationMethodId) {
        return new PsuDataUpdate(ScaStep.SELECT_METHOD, null, null, authenticationMethodId, null);
    }

    public static PsuDataUpdate transactionAuthorisation(String otp) {
        return new PsuDataUpdate(ScaStep.AUTHORISE_TRANSACTION, null, null, null, otp);
    }

    @Override
    public String toString() {
        return "PsuDataUpdate[" + step + (psuId == null ? "" : ", psuId=" + psuId)
                + (authenticationMethodId == null ? "" : ", authenticationMethodId=" + authenticationMethodId) + "]";
    }
}
