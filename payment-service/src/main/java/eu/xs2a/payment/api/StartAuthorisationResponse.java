package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.platform.api.Href;
import eu.xs2a.platform.sca.ScaStatus;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Map;

/** Berlin Group startScaprocessResponse. */
@RegisterForReflection
public record StartAuthorisationResponse(ScaStatus scaStatus, String authorisationId,
                                         @JsonProperty("_links") Map<String, Href> links) {
}
