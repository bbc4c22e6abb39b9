package eu.xs2a.platform.sca;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * The bank's SCA through its API (aspsp-sandbox/BANK-API.md "SCA through the API") as a REST client per provider:
 * the PSU's methods, and the steps of the SCA of a consent, a payment or a payment's cancellation, whose path the
 * {@link ScaTarget} names.
 */
@Path("/bank/v1")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface BankScaApi {

    @GET
    @Path("/psus/{psuId}/sca-methods")
    BankScaMethods scaMethods(@HeaderParam("Authorization") String authorization, @PathParam("psuId") String psuId);

    @POST
    @Path("/{resources}/{id}/{sca}")
    BankScaStep restart(@HeaderParam("Authorization") String authorization, @PathParam("resources") String resources,
                        @PathParam("id") String id, @PathParam("sca") String sca, BankScaRequests.Restart body);

    @POST
    @Path("/{resources}/{id}/{sca}/authentication")
    BankScaStep authenticate(@HeaderParam("Authorization") String authorization,
                             @PathParam("resources") String resources, @PathParam("id") String id,
                             @PathParam("sca") String sca, BankScaRequests.Authentication body);

    @POST
    @Path("/{resources}/{id}/{sca}/method")
    BankScaStep selectMethod(@HeaderParam("Authorization") String authorization,
                             @PathParam("resources") String resources, @PathParam("id") String id,
                             @PathParam("sca") String sca, BankScaRequests.MethodSelection body);

    @POST
    @Path("/{resources}/{id}/{sca}/otp")
    BankScaStep authorise(@HeaderParam("Authorization") String authorization, @PathParam("resources") String resources,
                          @PathParam("id") String id, @PathParam("sca") String sca, BankScaRequests.Otp body);
}
