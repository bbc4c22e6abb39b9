package eu.xs2a.account.api;

import eu.xs2a.account.domain.AccountReads;
import eu.xs2a.account.domain.AccountView;
import eu.xs2a.account.domain.CallContext;
import eu.xs2a.account.domain.TransactionQuery;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Card account information: the card account list, details, balances and transactions (all consent-checked, as
 * payment accounts are: a consent naming the card account's maskedPan, or a global one).
 */
@Tag(name = "Card accounts", description = "Card account list, details, balances and transactions under an AIS "
        + "consent (PSP_AI)")
@Path("/{provider_code}/api/berlingroup/v1/card-accounts")
@Produces(MediaType.APPLICATION_JSON)
@Signed
@RequiresRole(Role.PSP_AI)
public class CardAccountResource {

    @Inject AccountReads reads;
    @Inject CallContexts contexts;
    @Inject Views views;
    @Inject TransactionQueries queries;

    @GET
    @Operation(summary = "List the card accounts of the consent")
    @APIResponse(responseCode = "200", description = "The card accounts", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.CardAccountList.class)))
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Dtos.CardAccountList list(@BeanParam ConsentedCall call,
                                     @QueryParam("withBalance") String withBalance) {
        boolean balances = TransactionQuery.flag("withBalance", withBalance);
        CallContext ctx = contexts.of(call);
        return new Dtos.CardAccountList(reads.list(ctx, true, balances).stream()
                .map(view -> views.cardDetails(call.providerCode(), view)).toList());
    }

    @GET
    @Path("/{account_id}")
    @Operation(summary = "Card account details", description = "With balances when withBalance=true and the consent "
            + "covers them")
    @APIResponse(responseCode = "200", description = "The card account", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.CardAccountResponse.class)))
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Dtos.CardAccountResponse details(@BeanParam ConsentedCall call,
                                            @PathParam("account_id") String accountId,
                                            @QueryParam("withBalance") String withBalance) {
        boolean balances = TransactionQuery.flag("withBalance", withBalance);
        CallContext ctx = contexts.of(call);
        return new Dtos.CardAccountResponse(views.cardDetails(call.providerCode(),
                reads.details(ctx, true, accountId, balances)));
    }

    @GET
    @Path("/{account_id}/balances")
    @Operation(summary = "Balances of a card account")
    @APIResponse(responseCode = "200", description = "The balances", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.CardBalancesResponse.class)))
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Dtos.CardBalancesResponse balances(@BeanParam ConsentedCall call,
                                              @PathParam("account_id") String accountId) {
        CallContext ctx = contexts.of(call);
        AccountView view = reads.balances(ctx, true, accountId);
        return new Dtos.CardBalancesResponse(views.cardReference(view.account()), views.balances(view.balances()));
    }

    @GET
    @Path("/{account_id}/transactions")
    @Operation(summary = "Transactions of a card account", description = "bookingStatus (booked, pending, both) "
            + "selects the report; dateFrom/dateTo and page/size page through it, as for accounts. Delta reports "
            + "(entryReferenceFrom, deltaList) and information are not supported: FormatError")
    @APIResponse(responseCode = "200", description = "The card transaction report", content = @Content(
            mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Dtos.CardTransactionsResponse.class)))
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Dtos.CardTransactionsResponse transactions(@BeanParam ConsentedCall call,
                                                      @PathParam("account_id") String accountId,
                                                      @BeanParam TransactionParams params) {
        TransactionQuery query = queries.ofCard(call.providerCode(), params);
        CallContext ctx = contexts.of(call);
        return views.cardReport(reads.transactions(ctx, true, accountId, query));
    }
}
