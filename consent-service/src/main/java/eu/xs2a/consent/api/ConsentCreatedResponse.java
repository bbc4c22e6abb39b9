package eu.xs2a.consent.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.platform.api.Href;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Map;

/** consentsResponse-201 (AIS) and ConsentsConfirmationOfFundsResponse (v2); psuMessage for a decoupled SCA. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record ConsentCreatedResponse(String consentStatus, String consentId,
                                     @JsonProperty("_links") Map<String, Href> links, String psuMessage) {
}
