package eu.xs2a.platform.sca;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Berlin Group challengeData: what the PSU needs to produce the one-time code of the chosen method. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ChallengeData(Integer otpMaxLength, String otpFormat, String additionalInformation) {
}
