package eu.xs2a.account.consent;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** REST client of consent-service's internal lookup endpoint (answers are inspected, never thrown). */
@Path("/internal/v1/consent-checks")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public interface ConsentLookupApi {

    @POST
    Response check(@HeaderParam("Authorization") String authorization, ConsentCheckRequest request);
}
