package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.platform.api.Href;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Map;

/**
 * Berlin Group paymentInitiationCancelResponse-202. The cancellation authorisation is reached through
 * {@code _links.scaStatus} (its id is the last path segment); the schema allows no other top-level fields.
 */
@RegisterForReflection
public record CancellationResponse(String transactionStatus, @JsonProperty("_links") Map<String, Href> links) {
}
