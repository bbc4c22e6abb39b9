package eu.xs2a.platform.sca;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.platform.bank.PsuContext;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Bodies of the embedded SCA steps at the bank; the password and the OTP are passed on, never kept. Each carries the
 * PSU's context of the TPP's request when the TPP sent any (left out otherwise), for the bank's fraud monitoring.
 */
public final class BankScaRequests {

    private BankScaRequests() {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @RegisterForReflection
    public record Authentication(String psuId, String password, PsuContext psuContext) {

        /** Never the password, should a record ever be logged. */
        @Override
        public String toString() {
            return "Authentication[psuId=" + psuId + "]";
        }
    }

    /** A new SCA of the request (an authorisation started explicitly): EMBEDDED, or DECOUPLED with the PSU. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @RegisterForReflection
    public record Restart(String scaApproach, String psuId, PsuContext psuContext) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @RegisterForReflection
    public record MethodSelection(String authenticationMethodId, PsuContext psuContext) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @RegisterForReflection
    public record Otp(String otp, PsuContext psuContext) {

        @Override
        public String toString() {
            return "Otp[***]";
        }
    }
}
