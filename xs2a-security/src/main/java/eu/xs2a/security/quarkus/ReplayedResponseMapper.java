package eu.xs2a.security.quarkus;

import eu.xs2a.platform.http.ErrorMappers;
import eu.xs2a.security.replay.StoredResponse;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Answers a replayed request (same X-Request-ID, same content) with the stored first answer, as it was. */
public class ReplayedResponseMapper {

    @ServerExceptionMapper(priority = ErrorMappers.PRIORITY)
    public Response replayed(ReplayedResponseException e) {
        StoredResponse stored = e.response();
        Response.ResponseBuilder builder = Response.status(stored.status());
        stored.headers().forEach(builder::header);
        if (stored.body().length > 0) {
            builder.entity(stored.body());
        }
        return builder.build();
    }
}
