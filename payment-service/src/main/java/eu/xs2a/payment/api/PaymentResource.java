package eu.xs2a.payment.api;

import static eu.xs2a.payment.api.PaymentResponses.REDIRECT;
import static eu.xs2a.payment.api.PaymentResponses.SCA_APPROACH_HEADER;

import eu.xs2a.payment.domain.AuthorisationKind;
import eu.xs2a.payment.domain.NewPayment;
import eu.xs2a.payment.domain.Payment;
import eu.xs2a.payment.domain.PaymentAuthorisation;
import eu.xs2a.payment.domain.PaymentLedger.NewAuthorisation;
import eu.xs2a.payment.domain.PaymentOrder;
import eu.xs2a.payment.domain.PaymentService;
import eu.xs2a.payment.domain.PaymentService.Cancellation;
import eu.xs2a.payment.domain.PaymentUrls;
import eu.xs2a.platform.http.JsonBodies;
import eu.xs2a.platform.sca.AuthorisationsResponse;
import eu.xs2a.platform.sca.ScaStatusResponse;
import eu.xs2a.security.quarkus.CurrentTpp;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.security.tpp.TppIdentity;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The Berlin Group payment endpoints (signed, PSP_PI). Thin: parsing and response shapes only.
 * (OpenAPI: the signature headers and the standard error answers are added by xs2a-security's filter.)
 */
@Tag(name = "Payments", description = "Payment initiation, status, authorisations and cancellation (PSP_PI)")
@Signed
@RequiresRole({Role.PSP_PI})
@Path("/{provider_code}/api/berlingroup/v1/payments/{payment_product}")
@Produces(MediaType.APPLICATION_JSON)
public class PaymentResource {

    private final PaymentService payments;
    private final PaymentUrls urls;
    private final InitiationBodyReader bodyReader;
    private final JsonBodies bodies;
    private final CurrentTpp currentTpp;
    private final PaymentResponses responses;

    public PaymentResource(PaymentService payments, PaymentUrls urls, InitiationBodyReader bodyReader,
                           JsonBodies bodies, CurrentTpp currentTpp, PaymentResponses responses) {
        this.payments = payments;
        this.urls = urls;
        this.bodyReader = bodyReader;
        this.bodies = bodies;
        this.currentTpp = currentTpp;
        this.responses = responses;
    }

    @POST
    @Operation(summary = "Initiate a payment",
            description = "Creates the payment (RCVD) and, unless an explicit authorisation is preferred, its "
                    + "authorisation with the scaRedirect link for the PSU.")
    @APIResponse(responseCode = "201", description = "Payment created",
            headers = {@Header(name = "Location", description = "the payment's path"),
                    @Header(name = SCA_APPROACH_HEADER, description = "always REDIRECT")},
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = PaymentInitiationResponse.class)))
    // The body is taken as the exact bytes received (the Digest covers them) and read by InitiationBodyReader.
    public Response initiate(@PathParam("provider_code") String providerCode,
                             @Parameter(description = "service-payment (the interface's product) or a Berlin Group "
                                     + "product the provider offers; else ProductUnknown/ProductInvalid")
                             @PathParam("payment_product") String paymentProduct,
                             @Parameter(hidden = true) @HeaderParam("Content-Type") String contentType,
                             @Parameter(required = true, description = "IP address of the PSU's device (IPv4 or "
                                     + "IPv6, at most 140 characters)")
                             @HeaderParam("PSU-IP-Address") String psuIpAddress,
                             @Parameter(description = "the PSU's login at the bank (at most 50 characters; signed "
                                     + "when sent)")
                             @HeaderParam("PSU-ID") String psuId,
                             @Parameter(description = "true (default) or false; only redirect SCA is offered",
                                     schema = @Schema(enumeration = {"true", "false"}))
                             @HeaderParam("TPP-Redirect-Preferred") String redirectPreferred,
                             @Parameter(description = "where the PSU returns after SCA: absolute https URI, at most "
                                     + "500 characters, signed; required unless TPP-Redirect-Preferred is false")
                             @HeaderParam("TPP-Redirect-URI") String redirectUri,
                             @Parameter(description = "where the PSU returns after a failed SCA (default: "
                                     + "TPP-Redirect-URI)")
                             @HeaderParam("TPP-Nok-Redirect-URI") String nokRedirectUri,
                             @Parameter(description = "true: no authorisation is started; the TPP starts it with "
                                     + "POST …/authorisations (default false)",
                                     schema = @Schema(enumeration = {"true", "false"}))
                             @HeaderParam("TPP-Explicit-Authorisation-Preferred") String explicitPreferred,
                             @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                                     schema = @Schema(implementation = PaymentInitiationRequest.class)))
                             byte[] body) {
        TppIdentity tpp = currentTpp.get();
        payments.requireProduct(providerCode, paymentProduct);
        JsonBodies.requireJson(contentType);
        boolean redirect = HeaderRules.flag(redirectPreferred, true, "TPP-Redirect-Preferred");
        boolean explicit = HeaderRules.flag(explicitPreferred, false, "TPP-Explicit-Authorisation-Preferred");
        String ip = HeaderRules.psuIpAddress(psuIpAddress);
        String psu = HeaderRules.psuId(psuId);
        String okUri = HeaderRules.redirectUri(redirectUri, redirect, "TPP-Redirect-URI");
        String nokUri = HeaderRules.redirectUri(nokRedirectUri, false, "TPP-Nok-Redirect-URI");
        PaymentOrder order = bodyReader.read(contentType, body, providerCode);

        return responses.initiated(payments.initiate(new NewPayment(providerCode, paymentProduct, tpp.tppId(),
                tpp.name(), order, psu, ip, okUri, nokUri, explicit)));
    }

    @GET
    @Path("/{payment_id}")
    @Operation(summary = "Read a payment", description = "The payment as initiated, with its transactionStatus; for an"
            + " initiation without debtorAccount, the account the PSU chose at the bank once the PSU has chosen it")
    @APIResponse(responseCode = "200", description = "The payment",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = PaymentResponse.class)))
    public PaymentResponse read(@PathParam("provider_code") String providerCode,
                                @PathParam("payment_product") String paymentProduct,
                                @PathParam("payment_id") String paymentId) {
        Payment payment = payments.refreshed(owned(providerCode, paymentProduct, paymentId));
        return PaymentResponse.of(payments.order(payment), payment);
    }

    @GET
    @Path("/{payment_id}/status")
    @Operation(summary = "Payment status", description = "transactionStatus (RCVD, ACTC, ACSP, ACSC, ACCC, RJCT, "
            + "CANC), asked at the bank when not final (ACSC is not: ACCC may follow)")
    @APIResponse(responseCode = "200", description = "The transaction status",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = PaymentStatusResponse.class)))
    public PaymentStatusResponse status(@PathParam("provider_code") String providerCode,
                                        @PathParam("payment_product") String paymentProduct,
                                        @PathParam("payment_id") String paymentId) {
        Payment payment = payments.refreshed(owned(providerCode, paymentProduct, paymentId));
        return PaymentStatusResponse.of(payment);
    }

    @DELETE
    @Path("/{payment_id}")
    @Operation(summary = "Cancel a payment", description = "A payment not yet authorised is cancelled at once (204); "
            + "an authorised one needs the PSU's cancellation authorisation (202 with its scaRedirect link).")
    @APIResponse(responseCode = "204", description = "Cancelled (CANC)")
    @APIResponse(responseCode = "202", description = "Cancellation authorisation started",
            headers = @Header(name = SCA_APPROACH_HEADER, description = "always REDIRECT"),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CancellationResponse.class)))
    @APIResponse(responseCode = "405", description = "The payment can no longer be cancelled (final status)")
    public Response cancel(@PathParam("provider_code") String providerCode,
                           @PathParam("payment_product") String paymentProduct,
                           @PathParam("payment_id") String paymentId,
                           @Parameter(description = "true (default) or false; only redirect SCA is offered",
                                   schema = @Schema(enumeration = {"true", "false"}))
                           @HeaderParam("TPP-Redirect-Preferred") String redirectPreferred,
                           @Parameter(required = true, description = "where the PSU returns after the cancellation "
                                   + "SCA: absolute https URI, at most 500 characters, signed")
                           @HeaderParam("TPP-Redirect-URI") String redirectUri,
                           @Parameter(description = "where the PSU returns after a failed SCA")
                           @HeaderParam("TPP-Nok-Redirect-URI") String nokRedirectUri) {
        Payment payment = owned(providerCode, paymentProduct, paymentId);
        HeaderRules.flag(redirectPreferred, true, "TPP-Redirect-Preferred");
        String okUri = HeaderRules.redirectUri(redirectUri, true, "TPP-Redirect-URI");
        String nokUri = HeaderRules.redirectUri(nokRedirectUri, false, "TPP-Nok-Redirect-URI");
        Cancellation cancellation = payments.cancel(payment, okUri, nokUri);
        if (cancellation.authorisation() == null) {
            return Response.noContent().build();
        }
        Payment current = cancellation.payment();
        PaymentAuthorisation authorisation = cancellation.authorisation().authorisation();
        Links links = new Links()
                .with("scaRedirect", urls.scaRedirect(current, authorisation, cancellation.authorisation().token()))
                .with("self", PaymentUrls.payment(current))
                .with("status", PaymentUrls.status(current))
                .with("scaStatus", PaymentUrls.authorisation(current, authorisation));
        return Response.accepted(new CancellationResponse(current.transactionStatus().name(), links.build()))
                .header(SCA_APPROACH_HEADER, REDIRECT)
                .build();
    }

    @GET
    @Path("/{payment_id}/authorisations")
    @Operation(summary = "List the payment's authorisations")
    @APIResponse(responseCode = "200", description = "The authorisation ids",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = AuthorisationsResponse.class)))
    public AuthorisationsResponse authorisations(@PathParam("provider_code") String providerCode,
                                                 @PathParam("payment_product") String paymentProduct,
                                                 @PathParam("payment_id") String paymentId) {
        return list(owned(providerCode, paymentProduct, paymentId), AuthorisationKind.PAYMENT);
    }

    @POST
    @Path("/{payment_id}/authorisations")
    @Operation(summary = "Start an authorisation of the payment",
            description = "For a payment initiated with TPP-Explicit-Authorisation-Preferred: true. No body, or a "
                    + "JSON object whose fields are ignored (redirect SCA needs none)")
    @APIResponse(responseCode = "201", description = "Authorisation started",
            headers = {@Header(name = "Location", description = "the authorisation's path"),
                    @Header(name = SCA_APPROACH_HEADER, description = "always REDIRECT")},
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = StartAuthorisationResponse.class)))
    public Response startAuthorisation(@PathParam("provider_code") String providerCode,
                                       @PathParam("payment_product") String paymentProduct,
                                       @PathParam("payment_id") String paymentId,
                                       @Parameter(hidden = true) @HeaderParam("Content-Type") String contentType,
                                       @RequestBody(required = false, content = @Content(
                                               mediaType = MediaType.APPLICATION_JSON,
                                               schema = @Schema(type = SchemaType.OBJECT)))
                                       byte[] body) {
        bodies.requireObjectOrNothing(contentType, body);
        return responses.authorisationStarted(payments.startAuthorisation(owned(providerCode, paymentProduct,
                paymentId)));
    }

    @GET
    @Path("/{payment_id}/authorisations/{authorisation_id}")
    @Operation(summary = "SCA status of a payment authorisation")
    @APIResponse(responseCode = "200", description = "The scaStatus",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ScaStatusResponse.class)))
    public ScaStatusResponse authorisation(@PathParam("provider_code") String providerCode,
                                           @PathParam("payment_product") String paymentProduct,
                                           @PathParam("payment_id") String paymentId,
                                           @PathParam("authorisation_id") String authorisationId) {
        return scaStatus(owned(providerCode, paymentProduct, paymentId), AuthorisationKind.PAYMENT, authorisationId);
    }

    @GET
    @Path("/{payment_id}/cancellation-authorisations")
    @Operation(summary = "List the payment's cancellation authorisations")
    @APIResponse(responseCode = "200", description = "The cancellation authorisation ids",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = AuthorisationsResponse.class)))
    public AuthorisationsResponse cancellationAuthorisations(@PathParam("provider_code") String providerCode,
                                                             @PathParam("payment_product") String paymentProduct,
                                                             @PathParam("payment_id") String paymentId) {
        return list(owned(providerCode, paymentProduct, paymentId), AuthorisationKind.CANCELLATION);
    }

    @GET
    @Path("/{payment_id}/cancellation-authorisations/{authorisation_id}")
    @Operation(summary = "SCA status of a cancellation authorisation")
    @APIResponse(responseCode = "200", description = "The scaStatus",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ScaStatusResponse.class)))
    public ScaStatusResponse cancellationAuthorisation(@PathParam("provider_code") String providerCode,
                                                       @PathParam("payment_product") String paymentProduct,
                                                       @PathParam("payment_id") String paymentId,
                                                       @PathParam("authorisation_id") String authorisationId) {
        return scaStatus(owned(providerCode, paymentProduct, paymentId), AuthorisationKind.CANCELLATION,
                authorisationId);
    }

    private Payment owned(String providerCode, String paymentProduct, String paymentId) {
        return payments.owned(providerCode, currentTpp.get().tppId(), paymentProduct, paymentId);
    }

    private AuthorisationsResponse list(Payment payment, AuthorisationKind kind) {
        return AuthorisationsResponse.of(payments.authorisations(payment, kind));
    }

    private ScaStatusResponse scaStatus(Payment payment, AuthorisationKind kind, String authorisationId) {
        payments.authorisation(payment, kind, authorisationId);
        payments.refreshed(payment);
        return ScaStatusResponse.of(payments.authorisation(payment, kind, authorisationId));
    }
}
