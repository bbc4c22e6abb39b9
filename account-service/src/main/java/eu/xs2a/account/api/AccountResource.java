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
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
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
    private final ReportDownloads downloads;
    private final CamtGenerator camt;
    private final Mt940Generator mt940;

    public AccountResource(AccountReads reads, CallContexts contexts, Views views, TransactionQueries queries,
                           ReportDownloads downloads, CamtGenerator camt, Mt940Generator mt940) {
        this.reads = reads;
        this.contexts = contexts;
        this.views = views;
        this.queries = queries;
        this.downloads = downloads;
        this.camt = camt;
        this.mt940 = mt940;
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
    @Parameter(name = CallContexts.CONSENT_ID, in = ParameterIn.HEADER, required = true, description = CONSENT_ID_TEXT)
    @Parameter(name = PsuIpAddress.HEADER, in = ParameterIn.HEADER, description = PSU_IP_TEXT)
    @Parameter(name = CallContexts.PSU_CORPORATE_ID, in = ParameterIn.HEADER, description = "the corporate PSU, if any")
    @APIResponse(responseCode = "200", description = "The transaction report", content = {
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.TransactionsResponse.class)),
            @Content(mediaType = MediaType.APPLICATION_XML, schema = @Schema(type = SchemaType.STRING,
                    description = "ISO 20022 camt.053.001.02 (booked) or camt.052.001.02 Document")),
            @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING,
                    description = "SWIFT MT940 statement (booked)"))})
    @APIResponse(responseCode = "406", description = "an Accept none of the formats meets, or text/plain (MT940) "
            + "for a bookingStatus other than booked (REQUESTED_FORMATS_INVALID)")
    @APIResponse(responseCode = "429", description = "frequencyPerDay of the consent used up today (unattended access)")
    public Response transactions(@PathParam("provider_code") String providerCode,
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
        ReportFormat format = ReportFormat.of(headers);
        if (format == ReportFormat.MT940) {
            Mt940Generator.requireBooked(query);
        }
        if (query.information()) {
            return Response.ok(standingOrders(providerCode, accountId, query, format, headers),
                    MediaType.APPLICATION_JSON_TYPE).build();
        }
        CallContext ctx = contexts.of(providerCode, headers);
        if (format != ReportFormat.JSON) {
            TransactionReport report = reads.transactions(ctx, false, accountId, query.withBalances());
            return statement(format, report);
        }
        TransactionReport report = reads.transactions(ctx, false, accountId, query);
        String download = downloads.offered(report) ? downloads.offer(ctx, report) : null;
        return Response.ok(views.report(providerCode, report, download), MediaType.APPLICATION_JSON_TYPE).build();
    }

    @GET
    @Path("/{account_id}/transactions/download/{download_id}")
    @Produces({MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML, MediaType.TEXT_PLAIN})
    @Operation(summary = "Download of a large transaction report", description = "The link of _links.download of "
            + "a transaction report (extension: the standard names the link, not its resource): the whole report at "
            + "once, in the format Accept asks for (as the report's). The link may be used once, within "
            + "psd2.account-data.download-valid-for; an unknown, used or expired one is ResourceUnknown")
    @Parameter(name = CallContexts.CONSENT_ID, in = ParameterIn.HEADER, required = true, description = CONSENT_ID_TEXT)
    @Parameter(name = PsuIpAddress.HEADER, in = ParameterIn.HEADER, description = PSU_IP_TEXT)
    @APIResponse(responseCode = "200", description = "The whole transaction report", content = {
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.TransactionsResponse.class)),
            @Content(mediaType = MediaType.APPLICATION_XML, schema = @Schema(type = SchemaType.STRING)),
            @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING))})
    @APIResponse(responseCode = "404", description = "an unknown, used or expired download (ResourceUnknown)")
    public Response download(@PathParam("provider_code") String providerCode,
                             @PathParam("account_id") String accountId,
                             @PathParam("download_id") String downloadId, @Context HttpHeaders headers) {
        ReportFormat format = ReportFormat.of(headers);
        CallContext ctx = contexts.of(providerCode, headers);
        TransactionReport report = reads.download(ctx, accountId, downloadId);
        if (format != ReportFormat.JSON) {
            return statement(format, report);
        }
        return Response.ok(views.download(providerCode, report), MediaType.APPLICATION_JSON_TYPE).build();
    }

    /** bookingStatus=information: the standing orders, JSON only (camt and MT940 report bookings). */
    private Dtos.TransactionsResponse standingOrders(String providerCode, String accountId, TransactionQuery query,
                                                     ReportFormat format, HttpHeaders headers) {
        if (format != ReportFormat.JSON) {
            throw new Psd2Exception(ErrorClass.REQUESTED_FORMATS_INVALID, "Standing orders (bookingStatus="
                    + "information) are answered as application/json only");
        }
        CallContext ctx = contexts.of(providerCode, headers);
        return views.standingOrders(providerCode, reads.standingOrders(ctx, accountId, query));
    }

    private Response statement(ReportFormat format, TransactionReport report) {
        return format == ReportFormat.CAMT ? Response.ok(camt.write(report), ReportFormat.XML_UTF8).build()
                : Response.ok(mt940.write(report), ReportFormat.TEXT_UTF8).build();
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
