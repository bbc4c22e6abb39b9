package eu.xs2a.consent.aspsp;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The bank's consent API as a REST client, one per provider ({@code eu.xs2a.platform.bank.BankClients}). */
@Path("/bank/v1/consents")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface BankConsentApi {

    @POST
    BankConsentRegistration create(@HeaderParam("Authorization") String authorization, BankConsentRequest request);

    @GET
    @Path("/{bankConsentId}")
    BankConsentState get(@HeaderParam("Authorization") String authorization,
                         @PathParam("bankConsentId") String bankConsentId);

    @DELETE
    @Path("/{bankConsentId}")
    void delete(@HeaderParam("Authorization") String authorization, @PathParam("bankConsentId") String bankConsentId);
}
