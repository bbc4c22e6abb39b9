package eu.xs2a.platform.bank;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** A one-call bank API for the tests of the bank client. */
@Path("/bank/v1/probe")
public interface ProbeApi {

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    String probe(@HeaderParam("Authorization") String authorization);
}
