package eu.xs2a.account.api;

import eu.xs2a.account.domain.AccountReads;
import eu.xs2a.account.domain.AccountTransaction;
import eu.xs2a.account.domain.AccountView;
import eu.xs2a.account.domain.CallContext;
import eu.xs2a.account.domain.TransactionQuery;
import eu.xs2a.security.core.PsuIpAddress;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Account information: the account list, account details, balances, transactions (all consent-checked). */
@Tag(name = "Accounts", description = "Account list, details, balances and transactions under an AIS consent (PSP_AI)")
@Path("/{provider_code}/api/berlingroup/v1/accounts")
@Produces(MediaType.APPLICATION_JSON)
@Signed
@RequiresRole(Role.PSP_AI)
public class AccountResource {

    static final String CONSENT_ID_TEXT = "id of the consent that covers this call (ConsentUnknown, ConsentInvalid, "
            + "ConsentExpired otherwise)";
    static final String PSU_IP_TEXT = "the PSU's IP address when the PSU asks now; without it the call is unattended "
            + "and counts against the consent's frequencyPerDay";

    private final AccountReads reads;
    private final CallContexts contexts;
    private final Views views;
    private final TransactionQueries queries;

    public AccountResource(AccountReads reads, CallContexts contexts, Views views, TransactionQueries queries) {
        this.reads = reads;
        this.contexts = contexts;
        this.views = views;
        this.queries = queries;
    }

    @GET
    @Operation(summary = "List the accounts of the consent")
    @Parameter(name = CallContexts.CONSENT_ID, in = ParameterIn.HEADER, required = true, description = CONSENT_ID_TEXT)
    @Parameter(name = PsuIpAddress.HEADER, in = ParameterIn.HEADER, description = PSU_IP_TEXT)
    @Parameter(name = CallContexts.PSU_CORPORATE_ID, in = ParameterIn.HEADER, description = "the corporate PSU, if any")
    @APIResponse(responseCode = "200", description = "The accounts",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.AccountList.class)))
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Dtos.AccountList list(@PathParam("provider_code") String providerCode,
                                 @QueryParam("withBalance") String withBalance, @Context HttpHeaders headers) {
        boolean balances = TransactionQuery.flag("withBalance", withBalance);
        CallContext ctx = contexts.of(providerCode, headers);
        return new Dtos.AccountList(reads.list(ctx, false, balances).stream()
                .map(view -> views.details(providerCode, view)).toList());
    }

    @GET
    @Path("/{account_id}")
    @Operation(summary = "Account details", description = "With balances when withBalance=true and the consent covers them")
    @Parameter(name = CallContexts.CONSENT_ID, in = ParameterIn.HEADER, required = true, description = CONSENT_ID_TEXT)
    @Parameter(name = PsuIpAddress.HEADER, in = ParameterIn.HEADER, description = PSU_IP_TEXT)
    @Parameter(name = CallContexts.PSU_CORPORATE_ID, in = ParameterIn.HEADER, description = "the corporate PSU, if any")
    @APIResponse(responseCode = "200", description = "The account",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.AccountResponse.class)))
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Dtos.AccountResponse details(@PathParam("provider_code") String providerCode,
                                       @PathParam("account_id") String accountId,
                                       @QueryParam("withBalance") String withBalance, @Context HttpHeaders headers) {
        boolean balances = TransactionQuery.flag("withBalance", withBalance);
        CallContext ctx = contexts.of(providerCode, headers);
        return new Dtos.AccountResponse(views.details(providerCode, reads.details(ctx, false, accountId, balances)));
    }

    @GET
    @Path("/{account_id}/balances")
    @Operation(summary = "Balances of an account")
    @Parameter(name = CallContexts.CONSENT_ID, in = ParameterIn.HEADER, required = true, description = CONSENT_ID_TEXT)
    @Parameter(name = PsuIpAddress.HEADER, in = ParameterIn.HEADER, description = PSU_IP_TEXT)
    @Parameter(name = CallContexts.PSU_CORPORATE_ID, in = ParameterIn.HEADER, description = "the corporate PSU, if any")
    @APIResponse(responseCode = "200", description = "The balances",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.BalancesResponse.class)))
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Dtos.BalancesResponse balances(@PathParam("provider_code") String providerCode,
                                          @PathParam("account_id") String accountId, @Context HttpHeaders headers) {
        CallContext ctx = contexts.of(providerCode, headers);
        AccountView view = reads.balances(ctx, false, accountId);
        return new Dtos.BalancesResponse(views.reference(view.account()), views.balances(view.balances()));
    }

    @GET
    @Path("/{account_id}/transactions")
    @Operation(summary = "Transactions of an account", description = "bookingStatus (booked, pending, both, "
            + "information) selects the report; dateFrom/dateTo and page/size page through it. Delta reports "
            + "(bookingStatus=booked with entryReferenceFrom or deltaList=true) list booked entries after an "
            + "entryReference, or after the last one this consent was given for the account; dates are ignored then")
    @Parameter(name = CallContexts.CONSENT_ID, in = ParameterIn.HEADER, required = true, description = CONSENT_ID_TEXT)
    @Parameter(name = PsuIpAddress.HEADER, in = ParameterIn.HEADER, description = PSU_IP_TEXT)
    @Parameter(name = CallContexts.PSU_CORPORATE_ID, in = ParameterIn.HEADER, description = "the corporate PSU, if any")
    @APIResponse(responseCode = "200", description = "The transaction report",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.TransactionsResponse.class)))
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Dtos.TransactionsResponse transactions(@PathParam("provider_code") String providerCode,
                                                  @PathParam("account_id") String accountId,
                                                  @QueryParam("bookingStatus") String bookingStatus,
                                                  @QueryParam("dateFrom") String dateFrom,
                                                  @QueryParam("dateTo") String dateTo,
                                                  @QueryParam("page") String page, @QueryParam("size") String size,
                                                  @QueryParam("withBalance") String withBalance,
                                                  @QueryParam("entryReferenceFrom") String entryReferenceFrom,
                                                  @QueryParam("deltaList") String deltaList,
                                                  @Context HttpHeaders headers) {
        TransactionQuery query = queries.of(providerCode, bookingStatus, dateFrom, dateTo, page, size, withBalance,
                entryReferenceFrom, deltaList);
        CallContext ctx = contexts.of(providerCode, headers);
        return views.report(providerCode, reads.transactions(ctx, false, accountId, query));
    }

    @GET
    @Path("/{account_id}/transactions/{transaction_id}")
    @Operation(summary = "One transaction of an account")
    @Parameter(name = CallContexts.CONSENT_ID, in = ParameterIn.HEADER, required = true, description = CONSENT_ID_TEXT)
    @Parameter(name = PsuIpAddress.HEADER, in = ParameterIn.HEADER, description = PSU_IP_TEXT)
    @Parameter(name = CallContexts.PSU_CORPORATE_ID, in = ParameterIn.HEADER, description = "the corporate PSU, if any")
    @APIResponse(responseCode = "200", description = "The transaction",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.TransactionDetailsResponse.class)))
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Dtos.TransactionDetailsResponse transaction(@PathParam("provider_code") String providerCode,
                                                       @PathParam("account_id") String accountId,
                                                       @PathParam("transaction_id") String transactionId,
                                                       @Context HttpHeaders headers) {
        CallContext ctx = contexts.of(providerCode, headers);
        AccountTransaction found = reads.transaction(ctx, accountId, transactionId);
        return new Dtos.TransactionDetailsResponse(views.transaction(providerCode, found.account(),
                found.transaction()));
    }
}
