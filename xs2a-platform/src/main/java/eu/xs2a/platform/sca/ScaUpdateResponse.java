package eu.xs2a.platform.sca;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.platform.api.Href;
import java.util.List;
import java.util.Map;

/**
 * Berlin Group updatePsuAuthenticationResponse, selectPsuAuthenticationMethodResponse and scaStatusResponse of a
 * transaction authorisation, and (with {@code authorisationId}) startScaprocessResponse: the answer to a step of an
 * embedded or decoupled authorisation. Absent fields are left out.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ScaUpdateResponse(ScaStatus scaStatus, String authorisationId, List<AuthenticationObject> scaMethods,
                                AuthenticationObject chosenScaMethod, ChallengeData challengeData,
                                @JsonProperty("_links") Map<String, Href> links, String psuMessage) {
}
