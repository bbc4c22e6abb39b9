package eu.xs2a.sandbox.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.sandbox.domain.ApiScaService;
import eu.xs2a.sandbox.domain.ScaMethod;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import java.util.Map;

/** Bodies of SCA through the bank API (BANK-API.md "SCA through the API"). */
@RegisterForReflection
public final class ScaDtos {

    private ScaDtos() {
    }

    /** Each step may carry the PSU's context of the TPP's request (BANK-API.md "PSU context"), kept as sent. */
    public record Authentication(String psuId, String password, Map<String, String> psuContext) {
    }

    /** A new SCA of a consent: EMBEDDED (or absent) or DECOUPLED, with the PSU for a decoupled one. */
    public record Restart(String scaApproach, String psuId, Map<String, String> psuContext) {
    }

    public record MethodSelection(String authenticationMethodId, Map<String, String> psuContext) {
    }

    public record Otp(String otp, Map<String, String> psuContext) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Method(String authenticationMethodId, String authenticationType, String name, boolean decoupled) {

        static Method of(ScaMethod method) {
            return method == null ? null
                    : new Method(method.id(), method.type(), method.name(), method.decoupled());
        }
    }

    public record Methods(List<Method> scaMethods) {

        static Methods of(List<ScaMethod> methods) {
            return new Methods(methods.stream().map(Method::of).toList());
        }
    }

    /** A code-based method's challenge: the code's length and format, and where the PSU finds it. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Challenge(int otpMaxLength, String otpFormat, String additionalInformation) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Step(String scaStatus, List<Method> scaMethods, Method chosenScaMethod, Challenge challengeData,
                       String psuMessage, String error) {

        static Step of(ApiScaService.Outcome outcome) {
            ScaMethod chosen = outcome.chosenMethod();
            Challenge challenge = chosen == null || chosen.decoupled() ? null
                    : new Challenge(6, "integer", "Enter the code sent by " + chosen.name()
                    + " (in the sandbox always 123456).");
            return new Step(outcome.scaStatus().name(),
                    outcome.scaMethods() == null ? null : outcome.scaMethods().stream().map(Method::of).toList(),
                    Method.of(chosen), challenge, outcome.psuMessage(), outcome.error());
        }
    }
}
