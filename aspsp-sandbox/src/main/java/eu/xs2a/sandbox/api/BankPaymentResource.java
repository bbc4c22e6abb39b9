package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.api.AccountDtos.Amount;
import eu.xs2a.sandbox.api.PaymentDtos.BulkEntry;
import eu.xs2a.sandbox.api.PaymentDtos.CancelPayment;
import eu.xs2a.sandbox.api.PaymentDtos.EntryState;
import eu.xs2a.sandbox.api.PaymentDtos.CancellationAnswer;
import eu.xs2a.sandbox.api.PaymentDtos.CancellationState;
import eu.xs2a.sandbox.api.PaymentDtos.PayeeCheck;
import eu.xs2a.sandbox.api.PaymentDtos.StandingOrderTerms;
import eu.xs2a.sandbox.api.PaymentDtos.PaymentCreated;
import eu.xs2a.sandbox.api.PaymentDtos.PaymentList;
import eu.xs2a.sandbox.api.PaymentDtos.PaymentState;
import eu.xs2a.sandbox.api.PaymentDtos.SubmitPayment;
import eu.xs2a.sandbox.domain.AccountRef;
import eu.xs2a.sandbox.domain.ApiScaService;
import eu.xs2a.sandbox.domain.BankException;
import eu.xs2a.sandbox.domain.Payment;
import eu.xs2a.sandbox.domain.PaymentOrder;
import eu.xs2a.sandbox.domain.PaymentService;
import eu.xs2a.sandbox.persistence.ScaLinkRepository;
import eu.xs2a.sandbox.domain.ScaLink;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;

/** Payment orders submitted by the gateway. */
@Path("/bank/v1/payments")
@BankApi
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class BankPaymentResource {

    private static final String DECOUPLED = "DECOUPLED";

    @Inject PaymentService payments;
    @Inject ScaLinkRepository links;
    @Inject PublicUrls urls;

    @POST
    public Response submit(SubmitPayment body) {
        if (body == null) {
            throw BankException.badRequest("a payment body is required");
        }
        Amount amount = body.instructedAmount() == null ? new Amount(null, null) : body.instructedAmount();
        PaymentService.Submitted submitted = payments.submit(new PaymentOrder(body.idempotencyKey(), body.paymentProduct(),
                body.tppId(), body.tppName(), body.debtorAccount(), body.creditorName(), body.creditorAccount(),
                body.creditorAddress() == null ? null : body.creditorAddress().toString(), body.creditorAgent(),
                body.creditorAgentName(),
                amount.currency(), amount.amount(), body.remittanceInformationUnstructured(), body.endToEndIdentification(),
                body.requestedExecutionDate(), body.psuId(), body.returnUrl(), body.batchBookingPreferred(),
                entries(body.payments()), body.standingOrder() == null ? null : body.standingOrder().toDomain(),
                body.psuContext(), body.tppBrand(), body.rejectionNoFundsPreferred()),
                DECOUPLED.equals(body.scaApproach()));
        PaymentCreated created = new PaymentCreated(submitted.payment().id, submitted.payment().transactionStatus.name(),
                urls.scaUrl(submitted.link()), submitted.payment().scaStatus.name(), appMessage(submitted.link()),
                PayeeCheck.of(submitted.payment()), entryStates(submitted.payment()));
        return Response.status(submitted.created() ? Response.Status.CREATED : Response.Status.OK).entity(created).build();
    }

    @GET
    @Path("/{bankPaymentId}")
    public PaymentState get(@PathParam("bankPaymentId") String bankPaymentId) {
        return state(payments.get(bankPaymentId));
    }

    /**
     * The payment submitted with this idempotency key: one or none. How the gateway finds a copy whose submission
     * answer it never got (a timeout, a crash) when the payment ended on its side meanwhile (cancelled, or past its
     * authorisation deadline).
     */
    @GET
    public PaymentList find(@QueryParam("idempotencyKey") String idempotencyKey) {
        return new PaymentList(payments.findByIdempotencyKey(idempotencyKey).map(this::state).stream().toList());
    }

    private PaymentState state(Payment p) {
        CancellationState cancellation = null;
        if (p.cancellationScaStatus != null) {
            String scaUrl = links.find("resourceId = ?1 and kind = ?2 order by createdAt desc", p.id, ScaLink.Kind.CANCELLATION)
                    .firstResultOptional().map(l -> urls.scaUrl(l)).orElse(null);
            cancellation = new CancellationState(p.cancellationScaStatus.name(), scaUrl);
        }
        return new PaymentState(p.id, p.transactionStatus.name(), p.scaStatus.name(), p.statusReason, p.fundsAvailable,
                p.debtorIban == null ? null : AccountRef.ofIban(p.debtorIban, p.currency),
                new Amount(p.currency, p.amount.toPlainString()), p.creditorName,
                p.creditorIban == null ? null : AccountRef.ofIban(p.creditorIban, null),
                p.psuId, cancellation, PayeeCheck.of(p), p.batchBooking, entryStates(p), StandingOrderTerms.of(p),
                p.psuContext, p.tppBrand, p.scaPsuContext, p.rejectionNoFundsPreferred,
                p.awaitsFunds() ? p.awaitsFundsUntil : null);
    }

    /** A bulk's entries (BANK-API.md "Bulk payments"); null for a single payment. */
    private List<EntryState> entryStates(Payment p) {
        return p.isBulk() ? payments.entriesOf(p).stream().map(e -> EntryState.of(e, p)).toList() : null;
    }

    private static List<PaymentOrder.Entry> entries(List<BulkEntry> bodies) {
        if (bodies == null) {
            return null;
        }
        List<PaymentOrder.Entry> entries = new ArrayList<>();
        for (int i = 0; i < bodies.size(); i++) {
            BulkEntry e = bodies.get(i);
            if (e == null) {
                throw BankException.badRequest("payments[" + i + "] must be an object");
            }
            Amount amount = e.instructedAmount() == null ? new Amount(null, null) : e.instructedAmount();
            entries.add(new PaymentOrder.Entry(e.creditorName(), e.creditorAccount(),
                    e.creditorAddress() == null ? null : e.creditorAddress().toString(), e.creditorAgent(),
                    e.creditorAgentName(), amount.currency(), amount.amount(), e.remittanceInformationUnstructured(),
                    e.endToEndIdentification()));
        }
        return entries;
    }

    @POST
    @Path("/{bankPaymentId}/cancellations")
    public CancellationAnswer cancel(@PathParam("bankPaymentId") String bankPaymentId, CancelPayment body) {
        PaymentService.Cancellation result = payments.cancel(bankPaymentId, body == null ? null : body.returnUrl(),
                body != null && DECOUPLED.equals(body.scaApproach()), body == null ? null : body.psuContext());
        return result.link()
                .map(link -> new CancellationAnswer(result.payment().transactionStatus.name(), urls.scaUrl(link),
                        result.payment().cancellationScaStatus.name(), appMessage(link)))
                .orElseGet(() -> new CancellationAnswer(result.payment().transactionStatus.name(), null, null, null));
    }

    /** The message for the PSU when the link's approval went to the PSU's app. */
    private static String appMessage(ScaLink link) {
        return link == null || link.decoupledAt == null ? null : ApiScaService.APP_MESSAGE;
    }
}
