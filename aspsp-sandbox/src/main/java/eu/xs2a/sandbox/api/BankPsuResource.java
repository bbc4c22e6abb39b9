package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.domain.ApiScaService;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** What the gateway asks about a PSU to choose the SCA approach: the PSU's SCA methods (BANK-API.md). */
@Path("/bank/v1/psus/{psuId}/sca-methods")
@BankApi
@Produces(MediaType.APPLICATION_JSON)
public class BankPsuResource {

    @Inject ApiScaService sca;

    @GET
    public ScaDtos.Methods methods(@PathParam("psuId") String psuId) {
        return ScaDtos.Methods.of(sca.methodsOf(psuId));
    }
}
