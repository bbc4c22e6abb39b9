package eu.xs2a.sandbox.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.sandbox.domain.BankException;
import eu.xs2a.sandbox.domain.SigningBasket;
import eu.xs2a.sandbox.domain.SigningBasketService;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;

/** Signing baskets registered by the gateway (BANK-API.md "Signing baskets"). */
@Path("/bank/v1/signing-baskets")
@BankApi
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class BankSigningBasketResource {

    /**
     * {@code paymentIds}: the gateway's payment ids (each payment's idempotencyKey); {@code consentIds}: bank ids;
     * {@code scaApproach}: DECOUPLED pushes to the PSU's app at once, anything else waits for the pages or the API.
     */
    public record RegisterBasket(String idempotencyKey, String tppId, String tppName, List<String> paymentIds,
                                 List<String> consentIds, String psuId, String returnUrl, String scaApproach,
                                 Map<String, String> psuContext) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record BasketCreated(String bankBasketId, String transactionStatus, String scaStatus, String scaUrl,
                                String psuMessage) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record BasketState(String bankBasketId, String transactionStatus, String scaStatus, String psuId,
                              List<String> paymentIds, List<String> bankPaymentIds, List<String> consentIds,
                              Map<String, String> psuContext, Map<String, String> scaPsuContext) {
    }

    public record BasketList(List<BasketState> baskets) {
    }

    @Inject SigningBasketService baskets;
    @Inject PublicUrls urls;

    @POST
    public Response register(RegisterBasket body) {
        if (body == null) {
            throw BankException.badRequest("a signing basket body is required");
        }
        SigningBasketService.Registered registered = baskets.register(body.idempotencyKey(), body.tppId(),
                body.tppName(), body.paymentIds(), body.consentIds(), body.psuId(), body.psuContext(),
                body.returnUrl(), "DECOUPLED".equals(body.scaApproach()));
        SigningBasket basket = registered.basket();
        return Response.status(registered.created() ? Response.Status.CREATED : Response.Status.OK)
                .entity(new BasketCreated(basket.id, basket.status.name(), basket.scaStatus.name(),
                        urls.scaUrl(registered.link()), registered.psuMessage()))
                .build();
    }

    @GET
    @Path("/{bankBasketId}")
    public BasketState get(@PathParam("bankBasketId") String bankBasketId) {
        return state(baskets.get(bankBasketId));
    }

    /**
     * The basket registered with this idempotency key: one or none. How the gateway finds a basket whose registration
     * answer it never got (a timeout, a crash), to withdraw it.
     */
    @GET
    public BasketList find(@QueryParam("idempotencyKey") String idempotencyKey) {
        return new BasketList(baskets.findByIdempotencyKey(idempotencyKey).map(this::state).stream().toList());
    }

    private BasketState state(SigningBasketService.BasketView view) {
        SigningBasket basket = view.basket();
        return new BasketState(basket.id, basket.status.name(), basket.scaStatus.name(), basket.psuId,
                view.payments().stream().map(p -> p.idempotencyKey).toList(),
                view.payments().stream().map(p -> p.id).toList(),
                view.consents().stream().map(c -> c.id).toList(), basket.psuContext,
                basket.scaPsuContext);
    }

    @DELETE
    @Path("/{bankBasketId}")
    public Response delete(@PathParam("bankBasketId") String bankBasketId) {
        baskets.delete(bankBasketId);
        return Response.noContent().build();
    }
}
