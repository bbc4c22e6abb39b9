package eu.xs2a.platform.sca;

/** Bodies of the embedded SCA steps at the bank; the password and the OTP are passed on, never kept. */
public final class BankScaRequests {

    private BankScaRequests() {
    }

    public record Authentication(String psuId, String password) {

        /** Never the password, should a record ever be logged. */
        @Override
        public String toString() {
            return "Authentication[psuId=" + psuId + "]";
        }
    }

    /** A new SCA of the request (an authorisation started explicitly): EMBEDDED, or DECOUPLED with the PSU. */
    public record Restart(String scaApproach, String psuId) {
    }

    public record MethodSelection(String authenticationMethodId) {
    }

    public record Otp(String otp) {

        @Override
        public String toString() {
            return "Otp[***]";
        }
    }
}
