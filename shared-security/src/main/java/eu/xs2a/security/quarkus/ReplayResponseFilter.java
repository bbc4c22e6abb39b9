package eu.xs2a.security.quarkus;

import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.security.replay.StoredResponse;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Completes the replay rule after the resource answered: the first answer to a create (POST) is kept, byte for
 * byte, for a retry with the same X-Request-ID and Digest; a server-side failure (5xx) frees the id again.
 */
@Signed
@Provider
@Priority(Priorities.AUTHENTICATION)
public class ReplayResponseFilter implements ContainerResponseFilter {

    private static final Logger LOG = Logger.getLogger(ReplayResponseFilter.class);
    /** Headers that belong to one transmission, not to the answer. */
    private static final Set<String> NOT_REPLAYED = Set.of("x-request-id", "content-length", "date", "transfer-encoding",
            "connection");

    @Inject
    SignaturePipeline pipeline;

    @Inject
    ObjectMapper objectMapper;

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (!(request.getProperty(SignatureFilter.CLAIM_PROPERTY) instanceof SignatureFilter.ReplayClaim claim)) {
            return;
        }
        request.removeProperty(SignatureFilter.CLAIM_PROPERTY);
        try {
            if (response.getStatus() >= 500) {
                pipeline.replayStore().release(claim.tppId(), claim.requestId());
            } else if ("POST".equals(claim.method())) {
                pipeline.replayStore().complete(claim.tppId(), claim.requestId(), capture(response));
            }
        } catch (RuntimeException e) {
            // the answer itself is fine; only a later retry of it would be refused instead of replayed
            LOG.warnf(e, "Could not record the answer to X-Request-ID %s", claim.requestId());
        }
    }

    /** The exact bytes that will be sent: the entity is serialised here once and sent as these bytes. */
    private StoredResponse capture(ContainerResponseContext response) {
        byte[] body;
        Object entity = response.getEntity();
        MediaType mediaType = response.getMediaType() != null ? response.getMediaType() : MediaType.APPLICATION_JSON_TYPE;
        try {
            if (entity == null) {
                body = new byte[0];
            } else if (entity instanceof byte[] bytes) {
                body = bytes;
            } else if (entity instanceof String text) {
                body = text.getBytes(StandardCharsets.UTF_8);
            } else {
                body = objectMapper.writeValueAsBytes(entity);
                response.setEntity(body, response.getEntityAnnotations(), mediaType);
            }
        } catch (java.io.IOException e) {
            throw new IllegalStateException("Cannot serialise the answer for replay", e);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> header : response.getStringHeaders().entrySet()) {
            if (!NOT_REPLAYED.contains(header.getKey().toLowerCase(java.util.Locale.ROOT)) && !header.getValue().isEmpty()) {
                headers.put(header.getKey(), String.join(",", header.getValue()));
            }
        }
        if (entity != null) {
            headers.putIfAbsent(HttpHeaders.CONTENT_TYPE, mediaType.toString());
        }
        return new StoredResponse(response.getStatus(), headers, body);
    }
}
