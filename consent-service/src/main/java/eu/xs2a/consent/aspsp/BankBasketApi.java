package eu.xs2a.consent.aspsp;

import eu.xs2a.platform.bank.PsuContext;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** The bank's signing-basket API as a REST client (aspsp-sandbox/BANK-API.md "Signing baskets"). */
@Path("/bank/v1/signing-baskets")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface BankBasketApi {

    /**
     * {@code paymentIds}: the gateway's payment ids; {@code consentIds}: the bank's consent ids; {@code scaApproach}:
     * the basket's (DECOUPLED has the bank push to the PSU's app at once).
     */
    @RegisterForReflection
    record Registration(String idempotencyKey, String tppId, String tppName, List<String> paymentIds,
                        List<String> consentIds, String psuId, String returnUrl, String scaApproach,
                        PsuContext psuContext) {
    }

    /** {@code psuMessage}: the bank's message of a decoupled push, else null. */
    @RegisterForReflection
    record Registered(String bankBasketId, String transactionStatus, String scaStatus, String scaUrl,
                      String psuMessage) {
    }

    @RegisterForReflection
    record State(String bankBasketId, String transactionStatus, String scaStatus, String psuId,
                 List<String> consentIds) {
    }

    /** {@code GET ?idempotencyKey=}: the basket registered under that key, or none. */
    @RegisterForReflection
    record Found(List<State> baskets) {
    }

    @POST
    Registered create(@HeaderParam("Authorization") String authorization, Registration registration);

    @GET
    @Path("/{bankBasketId}")
    State get(@HeaderParam("Authorization") String authorization, @PathParam("bankBasketId") String bankBasketId);

    @GET
    Found find(@HeaderParam("Authorization") String authorization, @QueryParam("idempotencyKey") String idempotencyKey);

    @DELETE
    @Path("/{bankBasketId}")
    void delete(@HeaderParam("Authorization") String authorization, @PathParam("bankBasketId") String bankBasketId);
}
