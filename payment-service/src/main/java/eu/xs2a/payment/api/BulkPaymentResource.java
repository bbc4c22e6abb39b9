package eu.xs2a.payment.api;

import static eu.xs2a.payment.api.PaymentResponses.SCA_APPROACH_HEADER;

import eu.xs2a.payment.domain.BulkEntryState;
import eu.xs2a.payment.domain.BulkOrder;
import eu.xs2a.payment.domain.Payment;
import eu.xs2a.payment.domain.PaymentUrls;
import eu.xs2a.platform.notify.NotificationHeaders;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The Berlin Group bulk payment endpoints (signed, PSP_PI): {@code P/v1/bulk-payments/{payment_product}…}. A bulk is
 * a payment of the gateway with several credit transfers and one SCA: its authorisations, cancellation and their
 * embedded and decoupled steps are the single payments' ({@link PaymentResource}, inherited); initiation, read and
 * status have the bulk's bodies.
 */
@Tag(name = "Bulk payments", description = "Bulk payment initiation, status, authorisations and cancellation (PSP_PI)")
@Signed
@RequiresRole({Role.PSP_PI})
@Path("/{provider_code}/api/berlingroup/v1/bulk-payments/{payment_product}")
@Produces(MediaType.APPLICATION_JSON)
public class BulkPaymentResource extends PaymentResource {

    private static final String EXAMPLE = "{\"batchBookingPreferred\":false,\"debtorAccount\":{\"iban\":"
            + "\"DE49100200300100000011\"},\"payments\":[{\"instructedAmount\":{\"currency\":\"EUR\",\"amount\":"
            + "\"12.50\"},\"creditorAccount\":{\"iban\":\"DE89370400440532013000\"},\"creditorName\":\"Merchant"
            + " GmbH\",\"remittanceInformationUnstructured\":\"Invoice 1\"},{\"instructedAmount\":{\"currency\":"
            + "\"EUR\",\"amount\":\"7.00\"},\"creditorAccount\":{\"iban\":\"DE26100200300100000037\"},"
            + "\"creditorName\":\"Erika Mustermann\"}]}";

    @Override
    protected String paymentService() {
        return PaymentUrls.BULK;
    }

    @POST
    @Operation(summary = "Initiate a bulk payment", description = "Creates the bulk (RCVD) and, unless an explicit"
            + " authorisation is preferred, its one authorisation for all entries, by the approaches of a single"
            + " payment. debtorAccount is required, payments holds 1 to payment.bulk.max-size (100) entries, each a"
            + " single payment's body without debtorAccount and requestedExecutionDate; every refusal names the field"
            + " (payments[1].creditorName is required). batchBookingPreferred true: one debit of the total, or the"
            + " whole bulk is rejected (RJCT); else each entry is executed on its own (PART when some are rejected).")
    @APIResponse(responseCode = "201", description = "Bulk payment created",
            headers = {@Header(name = "Location", description = "the bulk's path"),
                    @Header(name = SCA_APPROACH_HEADER, description = "REDIRECT, EMBEDDED or DECOUPLED")},
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = PaymentInitiationResponse.class)))
    @Override
    public Response initiate(@PathParam("provider_code") String providerCode,
                             @Parameter(description = "a Berlin Group product the provider offers; else"
                                     + " ProductUnknown/ProductInvalid")
                             @PathParam("payment_product") String paymentProduct,
                             @BeanParam InitiationHeaders headers, @BeanParam RedirectHeaders redirect,
                             @BeanParam NotificationHeaders notification,
                             @RequestBody(content = {@Content(mediaType = MediaType.APPLICATION_JSON,
                                     schema = @Schema(implementation = BulkPaymentInitiationRequest.class),
                                     examples = @ExampleObject(name = "two credit transfers", value = EXAMPLE)),
                                     @Content(mediaType = MediaType.APPLICATION_XML, schema = @Schema(
                                             type = SchemaType.STRING, description = "an ISO 20022 pain.001.001.03"
                                             + " document with one PmtInf and its CdtTrfTxInf, for the pain.001"
                                             + " products"))})
                             byte[] body) {
        return super.initiate(providerCode, paymentProduct, headers, redirect, notification, body);
    }

    /** The bulk; its first entry stands for the payment's own order. */
    @Override
    protected InitiationBody readBody(String providerCode, String paymentProduct, String contentType, byte[] body) {
        return bodyReader.readBulk(paymentProduct, contentType, body, providerCode);
    }

    @GET
    @Path("/{payment_id}")
    @Operation(summary = "Read a bulk payment", description = "The bulk as initiated, with its transactionStatus and"
            + " each entry's own (extension)")
    @Produces({MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML, MediaType.TEXT_XML})
    @APIResponse(responseCode = "200", description = "The bulk payment", content = {
            @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = BulkPaymentResponse.class)),
            @Content(mediaType = MediaType.APPLICATION_XML, schema = @Schema(type = SchemaType.STRING,
                    description = "the pain.001 document as initiated, for a bulk initiated in pain.001"))})
    @APIResponse(responseCode = "406", description = XML_406)
    @Override
    public Response read(@BeanParam PaymentPath path, @Context HttpHeaders headers) {
        // Response as the overridden method's: a covariant type would add a bridge method, a second endpoint
        Payment payment = payments.refreshed(owned(path));
        return readAnswer(payment, headers, BulkPaymentResponse.of(payments.bulkOrder(payment), payment,
                payments.bulkEntries(payment)));
    }

    @GET
    @Path("/{payment_id}/status")
    @Produces({MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML, MediaType.TEXT_XML})
    @Operation(summary = "Bulk payment status", description = "transactionStatus of the bulk (RCVD, PATC, ACTC, ACSP,"
            + " ACSC, PART, RJCT, CANC) and, as an extension, each entry's own in payments. " + PAIN_002)
    @APIResponse(responseCode = "200", description = "The transaction status", content = {
            @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = BulkPaymentStatusResponse.class)),
            @Content(mediaType = MediaType.APPLICATION_XML, schema = @Schema(type = SchemaType.STRING,
                    description = "an ISO 20022 pain.002 status report of the bulk, for a bulk initiated in"
                            + " pain.001"))})
    @APIResponse(responseCode = "406", description = XML_406)
    @Override
    public Response status(@BeanParam PaymentPath path, @Context HttpHeaders headers) {
        Payment payment = payments.refreshed(owned(path));
        BulkOrder bulk = payments.bulkOrder(payment);
        List<BulkEntryState> entries = payments.bulkEntries(payment);
        return statusAnswer(payment, headers, BulkPaymentStatusResponse.of(payment, bulk.payments().size(), entries),
                Pain002Writer.rejectedEntries(payment, bulk, entries));
    }
}
