package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/** Berlin Group startScaprocessResponse. */
public record StartAuthorisationResponse(String scaStatus, String authorisationId,
                                         @JsonProperty("_links") Map<String, Href> links) {
}
