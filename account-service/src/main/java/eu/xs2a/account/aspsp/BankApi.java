package eu.xs2a.account.aspsp;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/**
 * The bank's HTTP API (aspsp-sandbox/BANK-API.md), one REST client per provider
 * ({@code eu.xs2a.platform.bank.BankClients}). Answers come as their JSON text, which {@link RestBankPort} reads itself
 * so that an answer of the wrong shape is the bank's fault (ServiceInvalid), not an unreachable bank.
 */
@Path("/bank/v1")
@Produces(MediaType.APPLICATION_JSON)
public interface BankApi {

    @GET
    @Path("/consents/{bankConsentId}/accounts")
    String accounts(@HeaderParam("Authorization") String authorization,
                    @PathParam("bankConsentId") String bankConsentId);

    @GET
    @Path("/consents/{bankConsentId}/card-accounts")
    String cardAccounts(@HeaderParam("Authorization") String authorization,
                        @PathParam("bankConsentId") String bankConsentId);

    /** @param kind {@code accounts} or {@code card-accounts}: where the bank keeps the account */
    @GET
    @Path("/consents/{bankConsentId}/{kind}/{bankAccountId}/balances")
    String balances(@HeaderParam("Authorization") String authorization,
                    @PathParam("bankConsentId") String bankConsentId, @PathParam("kind") String kind,
                    @PathParam("bankAccountId") String bankAccountId);

    @GET
    @Path("/consents/{bankConsentId}/{kind}/{bankAccountId}/transactions")
    String transactions(@HeaderParam("Authorization") String authorization,
                        @PathParam("bankConsentId") String bankConsentId, @PathParam("kind") String kind,
                        @PathParam("bankAccountId") String bankAccountId,
                        @QueryParam("dateFrom") String dateFrom, @QueryParam("dateTo") String dateTo,
                        @QueryParam("bookingStatus") String bookingStatus,
                        @QueryParam("page") int page, @QueryParam("size") int size);

    @GET
    @Path("/consents/{bankConsentId}/accounts/{bankAccountId}/standing-orders")
    String standingOrders(@HeaderParam("Authorization") String authorization,
                          @PathParam("bankConsentId") String bankConsentId,
                          @PathParam("bankAccountId") String bankAccountId);

    @POST
    @Path("/funds-checks")
    @Consumes(MediaType.APPLICATION_JSON)
    String fundsCheck(@HeaderParam("Authorization") String authorization, Map<String, Object> request);
}
