package eu.xs2a.account.api;

import eu.xs2a.account.domain.AccountReads;
import eu.xs2a.account.domain.AccountTransaction;
import eu.xs2a.account.domain.AccountView;
import eu.xs2a.account.domain.CallContext;
import eu.xs2a.account.domain.ReportDownloads;
import eu.xs2a.account.domain.TransactionQuery;
import eu.xs2a.account.domain.TransactionReport;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
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
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
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

    @Inject AccountReads reads;
    @Inject CallContexts contexts;
    @Inject Views views;
    @Inject TransactionQueries queries;
    @Inject ReportDownloads downloads;
    @Inject CamtGenerator camt;
    @Inject Mt940Generator mt940;

    @GET
    @Operation(summary = "List the accounts of the consent")
    @APIResponse(responseCode = "200", description = "The accounts",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.AccountList.class)))
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Dtos.AccountList list(@BeanParam ConsentedCall call,
                                 @QueryParam("withBalance") String withBalance) {
        boolean balances = TransactionQuery.flag("withBalance", withBalance);
        CallContext ctx = contexts.of(call);
        return new Dtos.AccountList(reads.list(ctx, false, balances).stream()
                .map(view -> views.details(call.providerCode(), view)).toList());
    }

    @GET
    @Path("/{account_id}")
    @Operation(summary = "Account details", description = "With balances when withBalance=true and the consent covers them")
    @APIResponse(responseCode = "200", description = "The account",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.AccountResponse.class)))
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Dtos.AccountResponse details(@BeanParam ConsentedCall call,
                                       @PathParam("account_id") String accountId,
                                       @QueryParam("withBalance") String withBalance) {
        boolean balances = TransactionQuery.flag("withBalance", withBalance);
        CallContext ctx = contexts.of(call);
        return new Dtos.AccountResponse(views.details(call.providerCode(), reads.details(ctx, false, accountId, balances)));
    }

    @GET
    @Path("/{account_id}/balances")
    @Operation(summary = "Balances of an account")
    @APIResponse(responseCode = "200", description = "The balances",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.BalancesResponse.class)))
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Dtos.BalancesResponse balances(@BeanParam ConsentedCall call,
                                          @PathParam("account_id") String accountId) {
        CallContext ctx = contexts.of(call);
        AccountView view = reads.balances(ctx, false, accountId);
        return new Dtos.BalancesResponse(views.reference(view.account()), views.balances(view.balances()));
    }

    @GET
    @Path("/{account_id}/transactions")
    @Produces({MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML, MediaType.TEXT_PLAIN})
    @Operation(summary = "Transactions of an account", description = "bookingStatus (booked, pending, both, "
            + "information) selects the report; dateFrom/dateTo and page/size page through it; information lists the "
            + "account's standing orders (transactions.information, each with additionalInformationStructured."
            + "standingOrderDetails; an extension of 1.3.6; JSON only, no dates, no paging). Delta reports "
            + "(bookingStatus=booked with entryReferenceFrom or deltaList=true) list booked entries after an "
            + "entryReference, or after the last one this consent was given for the account; dates are ignored then. "
            + "Accept chooses the format: application/json, application/xml (camt.053 for bookingStatus=booked, "
            + "camt.052 otherwise), text/plain (MT940, bookingStatus=booked only); a camt.053 or MT940 statement "
            + "carries the booked balances, which the consent must cover. A plain report of more entries than the "
            + "gateway's download threshold has _links.download (JSON): the whole report, once, for a few minutes")
    @APIResponse(responseCode = "200", description = "The transaction report", content = {
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.TransactionsResponse.class)),
            @Content(mediaType = MediaType.APPLICATION_XML, schema = @Schema(type = SchemaType.STRING,
                    description = "ISO 20022 camt.053.001.02 (booked) or camt.052.001.02 Document")),
            @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING,
                    description = "SWIFT MT940 statement (booked)"))})
    @APIResponse(responseCode = "406", description = "an Accept none of the formats meets, or text/plain (MT940) "
            + "for a bookingStatus other than booked (REQUESTED_FORMATS_INVALID)")
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Response transactions(@BeanParam ConsentedCall call,
                                 @PathParam("account_id") String accountId,
                                 @BeanParam TransactionParams params, @Context HttpHeaders headers) {
        TransactionQuery query = queries.of(call.providerCode(), params);
        ReportFormat format = ReportFormat.of(headers);
        if (format == ReportFormat.MT940) {
            Mt940Generator.requireBooked(query);
        }
        if (query.information()) {
            return Response.ok(standingOrders(call, accountId, query, format),
                    MediaType.APPLICATION_JSON_TYPE).build();
        }
        CallContext ctx = contexts.of(call);
        if (format != ReportFormat.JSON) {
            TransactionReport report = reads.statement(ctx, false, accountId, query.withBalances());
            return statement(format, report);
        }
        TransactionReport report = reads.transactions(ctx, false, accountId, query);
        String download = downloads.offered(report) ? downloads.offer(ctx, report) : null;
        return Response.ok(views.report(call.providerCode(), report, download), MediaType.APPLICATION_JSON_TYPE).build();
    }

    @GET
    @Path("/{account_id}/transactions/download/{download_id}")
    @Produces({MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML, MediaType.TEXT_PLAIN})
    @Operation(summary = "Download of a large transaction report", description = "The link of _links.download of "
            + "a transaction report (extension: the standard names the link, not its resource): the whole report at "
            + "once, in the format Accept asks for (as the report's). The link may be used once, within "
            + "psd2.account-data.download-valid-for; an unknown, used or expired one is ResourceUnknown")
    @APIResponse(responseCode = "200", description = "The whole transaction report", content = {
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.TransactionsResponse.class)),
            @Content(mediaType = MediaType.APPLICATION_XML, schema = @Schema(type = SchemaType.STRING)),
            @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING))})
    @APIResponse(responseCode = "404", description = "an unknown, used or expired download (ResourceUnknown)")
    public Response download(@BeanParam ConsentedCall call,
                             @PathParam("account_id") String accountId,
                             @PathParam("download_id") String downloadId, @Context HttpHeaders headers) {
        ReportFormat format = ReportFormat.of(headers);
        CallContext ctx = contexts.of(call);
        TransactionReport report = reads.download(ctx, accountId, downloadId);
        if (format != ReportFormat.JSON) {
            return statement(format, report);
        }
        return Response.ok(views.download(call.providerCode(), report), MediaType.APPLICATION_JSON_TYPE).build();
    }

    /** bookingStatus=information: the standing orders, JSON only (camt and MT940 report bookings). */
    private Dtos.TransactionsResponse standingOrders(ConsentedCall call, String accountId, TransactionQuery query,
                                                     ReportFormat format) {
        if (format != ReportFormat.JSON) {
            throw new Psd2Exception(ErrorClass.REQUESTED_FORMATS_INVALID, "Standing orders (bookingStatus="
                    + "information) are answered as application/json only");
        }
        CallContext ctx = contexts.of(call);
        return views.standingOrders(call.providerCode(), reads.standingOrders(ctx, accountId, query));
    }

    private Response statement(ReportFormat format, TransactionReport report) {
        return format == ReportFormat.CAMT ? Response.ok(camt.write(report), ReportFormat.XML_UTF8).build()
                : Response.ok(mt940.write(report), ReportFormat.TEXT_UTF8).build();
    }

    @GET
    @Path("/{account_id}/transactions/{transaction_id}")
    @Operation(summary = "One transaction of an account")
    @APIResponse(responseCode = "200", description = "The transaction",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.TransactionDetailsResponse.class)))
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Dtos.TransactionDetailsResponse transaction(@BeanParam ConsentedCall call,
                                                       @PathParam("account_id") String accountId,
                                                       @PathParam("transaction_id") String transactionId) {
        CallContext ctx = contexts.of(call);
        AccountTransaction found = reads.transaction(ctx, accountId, transactionId);
        return new Dtos.TransactionDetailsResponse(views.transaction(call.providerCode(), found.account(),
                found.transaction()));
    }
}
