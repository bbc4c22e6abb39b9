package eu.xs2a.payment.api;

import static eu.xs2a.payment.api.PaymentResponses.SCA_APPROACH_HEADER;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.payment.domain.Payment;
import eu.xs2a.payment.domain.PaymentUrls;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.notify.NotificationHeaders;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import jakarta.inject.Inject;
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
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Berlin Group periodic payments (standing orders, issue 52): the same endpoints as single payments, inherited from
 * {@link PaymentResource} (status, authorisations with every SCA approach, cancellation, payee verification), under
 * {@code periodic-payments}; the initiation also reads the standing order's terms, and the read shows them. A DELETE
 * ends the executions still to come: CANC when none ran yet, else the bank reports the order executed (ACSC).
 */
@Tag(name = "Periodic payments", description = "Standing orders: initiation, status, authorisations and cancellation"
        + " (PSP_PI)")
@Signed
@RequiresRole({Role.PSP_PI})
@Path("/{provider_code}/api/berlingroup/v1/periodic-payments/{payment_product}")
@Produces(MediaType.APPLICATION_JSON)
public class PeriodicPaymentResource extends PaymentResource {

    private static final String EXAMPLE_PAYMENT = "/sandbox/api/berlingroup/v1/periodic-payments/sepa-credit-transfers/"
            + EXAMPLE_ID;
    private static final String EXAMPLE_AUTHORISATION = EXAMPLE_PAYMENT + "/authorisations/"
            + EXAMPLE_AUTHORISATION_ID;

    @Inject ObjectMapper mapper;

    @Override
    protected String paymentService() {
        return PaymentUrls.PERIODIC_PAYMENTS;
    }

    @POST
    @Operation(summary = "Initiate a periodic payment", description = "Creates the standing order (RCVD) and its "
            + "authorisation, as a single payment's initiation does. Besides the payment's fields: startDate "
            + "(required, from today at the provider's bank to its max-execution-days-ahead later), endDate (not "
            + "before startDate; absent: until cancelled), executionRule "
            + "(following or preceding working day), frequency (required: Daily, Weekly, EveryTwoWeeks, Monthly, "
            + "EveryTwoMonths, Quarterly, SemiAnnual, Annual, MonthlyVariable), dayOfExecution (1 to 31; 31 is the "
            + "month's last day), monthsOfExecution (MonthlyVariable only). Each wrong field is a FormatError naming "
            + "it. Once authorised, the bank executes each occurrence on its day. A pain.001 product's body is "
            + "multipart/form-data: the document in part xml_sct, the terms as JSON in part json_standingorderType.")
    @APIResponse(responseCode = "201", description = "Periodic payment created",
            headers = {@Header(name = "Location", description = "the payment's path"),
                    @Header(name = SCA_APPROACH_HEADER, description = "REDIRECT, EMBEDDED or DECOUPLED")},
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = PaymentInitiationResponse.class),
                    examples = @ExampleObject(name = "redirect", value = "{\"transactionStatus\":\"RCVD\","
                            + "\"paymentId\":\"" + EXAMPLE_ID + "\",\"_links\":{\"scaRedirect\":{\"href\":"
                            + "\"https://gateway.example" + EXAMPLE_AUTHORISATION + "/sca-redirect?token=…\"},"
                            + "\"self\":{\"href\":\"" + EXAMPLE_PAYMENT + "\"},"
                            + "\"status\":{\"href\":\"" + EXAMPLE_PAYMENT + "/status\"},"
                            + "\"scaStatus\":{\"href\":\"" + EXAMPLE_AUTHORISATION + "\"}}}")))
    @Override
    public Response initiate(@PathParam("provider_code") String providerCode,
                             @Parameter(description = "a Berlin Group product the provider offers; else "
                                     + "ProductUnknown/ProductInvalid")
                             @PathParam("payment_product") String paymentProduct,
                             @BeanParam InitiationHeaders headers, @BeanParam RedirectHeaders redirect,
                             @BeanParam NotificationHeaders notification,
                             @RequestBody(content = {@Content(mediaType = MediaType.APPLICATION_JSON,
                                     schema = @Schema(allOf = {PaymentInitiationRequest.class,
                                             StandingOrderRequest.class})),
                                     @Content(mediaType = MediaType.MULTIPART_FORM_DATA, schema = @Schema(
                                             description = "for the pain.001 products: the document of one payment"
                                                     + " and the standing order's terms", properties = {
                                             @SchemaProperty(name = "xml_sct", type = SchemaType.STRING,
                                                     description = "an ISO 20022 pain.001 document of one payment;"
                                                             + " its ReqdExctnDt is the startDate"),
                                             @SchemaProperty(name = "json_standingorderType",
                                                     implementation = StandingOrderRequest.class)}))})
                             byte[] body) {
        return super.initiate(providerCode, paymentProduct, headers, redirect, notification, body);
    }

    /** The payment's fields and the standing order's terms. */
    @Override
    protected InitiationBody readBody(String providerCode, String paymentProduct, String contentType, byte[] body) {
        return bodyReader.readPeriodic(paymentProduct, contentType, body, providerCode);
    }

    @GET
    @Path("/{payment_id}")
    @Produces({MediaType.APPLICATION_JSON, MediaType.MULTIPART_FORM_DATA})
    @Operation(summary = "Read a periodic payment", description = "The standing order as initiated, with its "
            + "transactionStatus: ACSP while its executions run, ACSC once the last one ran (or it was cancelled "
            + "after some ran), CANC when cancelled before any. A TPP that asks for multipart/form-data gets a "
            + "pain.001 product's order as it was initiated: the document in part xml_sct, the terms in part "
            + "json_standingorderType (its status: GET .../status).")
    @APIResponse(responseCode = "200", description = "The periodic payment", content = {
            @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = PeriodicPaymentResponse.class)),
            @Content(mediaType = MediaType.MULTIPART_FORM_DATA, schema = @Schema(description = "for a pain.001"
                    + " product: the document and the terms as initiated", properties = {
                    @SchemaProperty(name = InitiationBodyReader.XML_PART, type = SchemaType.STRING,
                            description = "the pain.001 document as initiated, byte for byte"),
                    @SchemaProperty(name = InitiationBodyReader.TERMS_PART,
                            implementation = StandingOrderRequest.class)}))})
    @APIResponse(responseCode = "406", description = "ActionNotAllowed REQUESTED_FORMATS_INVALID: XML asked for, or"
            + " multipart/form-data for a periodic payment initiated in JSON")
    @Override
    public Response read(@BeanParam PaymentPath path, @Context HttpHeaders headers) {
        Payment payment = payments.refreshed(owned(path));
        if (wanted(headers.getAcceptableMediaTypes(), Set.of(MediaType.MULTIPART_FORM_DATA)) == null) {
            return Response.ok(PeriodicPaymentResponse.of(payments.order(payment), payment),
                    MediaType.APPLICATION_JSON_TYPE).build();
        }
        byte[] document = payments.document(payment).orElseThrow(() -> new Psd2Exception(
                ErrorClass.REQUESTED_FORMATS_INVALID, "The multipart form is answered for periodic payments initiated"
                + " with one; accept application/json"));
        MultipartForm.Written form = MultipartForm.write(List.of(
                new MultipartForm.Part(InitiationBodyReader.XML_PART, MediaType.APPLICATION_XML, document),
                new MultipartForm.Part(InitiationBodyReader.TERMS_PART, MediaType.APPLICATION_JSON,
                        json(StandingOrderRequest.of(payment.standingOrder())))));
        return Response.ok(form.body(), form.contentType()).build();
    }

    private byte[] json(StandingOrderRequest terms) {
        try {
            return mapper.writeValueAsBytes(terms);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a record of texts is always written", e);
        }
    }
}
