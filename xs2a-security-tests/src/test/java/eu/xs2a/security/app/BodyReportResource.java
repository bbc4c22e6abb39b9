package eu.xs2a.security.app;

import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.nio.charset.StandardCharsets;

/** Unsigned: says how a body reached the REST layer (read ahead by BodySizeGuard, or streamed) and echoes it. */
@Path("/public/body")
public class BodyReportResource {

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public String report(@Context RoutingContext context, byte[] body) {
        String how = context.body().buffer() != null ? "read ahead" : "streamed";
        return how + ":" + new String(body, StandardCharsets.UTF_8);
    }
}
