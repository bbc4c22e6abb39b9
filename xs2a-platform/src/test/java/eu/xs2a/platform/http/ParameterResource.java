package eu.xs2a.platform.http;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** An API endpoint and a browser's for {@link ParameterRulesTest}: each echoes what it read. */
@Path("/test/parameters")
public class ParameterResource {

    @GET
    @Path("/api/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public String api(@PathParam("id") String id, @QueryParam("value") String value) {
        return "{}";
    }

    @GET
    @Path("/page/{id}")
    @BrowserFacing
    @Produces(MediaType.TEXT_HTML)
    public String page(@PathParam("id") String id, @QueryParam("value") String value) {
        return "<p>read</p>";
    }
}
