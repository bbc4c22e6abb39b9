package eu.xs2a.platform.sca;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** Berlin Group challengeData: what the PSU needs to produce the one-time code of the chosen method. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record ChallengeData(Integer otpMaxLength, String otpFormat, String additionalInformation) {
}
