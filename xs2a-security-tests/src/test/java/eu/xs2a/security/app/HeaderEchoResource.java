package eu.xs2a.security.app;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;

/**
 * An unsigned endpoint that puts input into a response header, as no endpoint of the services does: what
 * ResponseHeaderGuard must stop when the input carries a CR LF (a percent-decoded query parameter).
 */
@Path("/public/echo-header")
public class HeaderEchoResource {

    @GET
    public Response echo(@QueryParam("value") String value) {
        return Response.ok("echoed").header("X-Echo", value).header("X-Plain", "plain").build();
    }
}
