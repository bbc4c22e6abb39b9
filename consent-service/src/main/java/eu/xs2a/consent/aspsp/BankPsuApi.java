package eu.xs2a.consent.aspsp;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** What the bank tells of a PSU, as a REST client per provider: the SCA methods that decide the approach. */
@Path("/bank/v1/psus")
@Produces(MediaType.APPLICATION_JSON)
public interface BankPsuApi {

    @GET
    @Path("/{psuId}/sca-methods")
    BankScaMethods scaMethods(@HeaderParam("Authorization") String authorization, @PathParam("psuId") String psuId);
}
