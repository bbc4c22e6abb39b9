package eu.xs2a.platform.sca;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * The bank's answer to a step of an embedded SCA (BANK-API.md "SCA through the API"): the SCA status the step left,
 * the PSU's methods to choose from, the chosen one with its challenge, a message for the PSU, and {@code error}, the
 * bank's code when it refused the step (PSU_CREDENTIALS_INVALID, SCA_METHOD_UNKNOWN, SCA_INVALID), else null.
 */
@RegisterForReflection
public record BankScaStep(String scaStatus, List<BankScaMethod> scaMethods, BankScaMethod chosenScaMethod,
                          ChallengeData challengeData, String psuMessage, String error) {
}
