package eu.xs2a.security.quarkus;

import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.security.replay.StoredResponse;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import org.jboss.logging.Logger;

/**
 * Completes the replay rule after the resource answered: the first answer to a create (POST) is kept, byte for
 * byte, for a retry with the same X-Request-ID and Digest; a server-side failure (5xx) frees the id again, unless
 * the create already kept an answer with its resource ({@link ReplayAnswers#keep}).
 */
@Signed
@Provider
@Priority(Priorities.AUTHENTICATION)
public class ReplayResponseFilter implements ContainerResponseFilter {

    private static final Logger LOG = Logger.getLogger(ReplayResponseFilter.class);

    @Inject SignaturePipeline pipeline;
    @Inject ObjectMapper objectMapper;

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        ReplayAnswers answers = pipeline.replayAnswers();
        ReplayAnswers.Claim claim = answers.take();
        if (claim == null) {
            return;
        }
        try {
            if (response.getStatus() >= 500) {
                pipeline.replayStore().release(claim.tppId(), claim.requestId());
            } else if ("POST".equals(claim.method())) {
                StoredResponse sent = capture(response);
                // the answer kept with the resource, unless the request went on to answer something else
                if (!sent.equals(answers.kept())) {
                    pipeline.replayStore().complete(claim.tppId(), claim.requestId(), sent);
                }
            }
        } catch (RuntimeException e) {
            // the answer itself is fine; only a later retry of it would be refused instead of replayed
            LOG.warnf(e, "Could not record the answer to X-Request-ID %s", claim.requestId());
        }
    }

    /** The exact bytes that will be sent: the entity is serialised here once and sent as these bytes. */
    private StoredResponse capture(ContainerResponseContext response) {
        Object entity = response.getEntity();
        StoredResponse captured = StoredAnswers.of(response.getStatus(), response.getStringHeaders(),
                response.getMediaType(), entity, objectMapper);
        if (entity != null && !(entity instanceof byte[]) && !(entity instanceof String)) {
            MediaType type = response.getMediaType() != null ? response.getMediaType() : MediaType.APPLICATION_JSON_TYPE;
            response.setEntity(captured.body(), response.getEntityAnnotations(), type);
        }
        return captured;
    }
}
