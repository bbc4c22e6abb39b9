package eu.xs2a.payment.aspsp;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** The bank's payment endpoints (aspsp-sandbox/BANK-API.md), one REST client per provider ({@code BankClients}). */
@Path("/bank/v1/payments")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public interface BankPaymentsApi {

    @POST
    BankSubmission create(@HeaderParam("Authorization") String authorization, BankPaymentOrder order);

    @GET
    BankPaymentList find(@HeaderParam("Authorization") String authorization,
                         @QueryParam("idempotencyKey") String idempotencyKey);

    @GET
    @Path("/{bankPaymentId}")
    BankPaymentState get(@HeaderParam("Authorization") String authorization,
                         @PathParam("bankPaymentId") String bankPaymentId);

    @POST
    @Path("/{bankPaymentId}/cancellations")
    BankCancellation cancel(@HeaderParam("Authorization") String authorization,
                            @PathParam("bankPaymentId") String bankPaymentId, BankCancellationRequest request);
}
