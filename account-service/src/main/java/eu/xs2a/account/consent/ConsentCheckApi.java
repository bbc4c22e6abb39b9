package eu.xs2a.account.consent;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * consent-service's lookup endpoint as a REST client ({@link ConsentLookup}). Every answer comes back as it is, so
 * that the lookup tells its consent errors (passed on) from the rest (its own).
 */
@Path(ConsentLookup.PATH)
public interface ConsentCheckApi {

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    Response check(@HeaderParam("Authorization") String authorization, ConsentCheckRequest request);
}
