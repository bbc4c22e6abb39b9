package eu.xs2a.payment.api;

import eu.xs2a.platform.notify.NotificationHeaders;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.platform.notify.Notifications;
import static eu.xs2a.payment.api.PaymentResponses.SCA_APPROACH_HEADER;

import eu.xs2a.payment.domain.AuthorisationKind;
import eu.xs2a.payment.domain.Payment;
import eu.xs2a.payment.domain.PaymentService;
import eu.xs2a.payment.domain.PaymentService.Cancellation;
import eu.xs2a.payment.domain.PaymentScaSteps;
import eu.xs2a.payment.domain.PaymentUrls;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaUpdateResponse;
import eu.xs2a.platform.sca.UpdatePsuDataRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.PUT;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import eu.xs2a.platform.http.JsonBodies;
import eu.xs2a.platform.sca.AuthorisationsResponse;
import eu.xs2a.platform.sca.ScaStatusResponse;
import eu.xs2a.security.core.PsuIpAddress;
import eu.xs2a.security.quarkus.CurrentTpp;
import eu.xs2a.security.quarkus.PsuContextHeaders;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.security.tpp.TppIdentity;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.Response.ResponseBuilder;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
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

    /** The examples' ids have the shape of real ones: 32 random base64url characters, an authorisation's a UUID. */
    static final String EXAMPLE_ID = "wzQYVCszDc6ZFUSjydfFn5fMXd05__Q2";
    static final String EXAMPLE_AUTHORISATION_ID = "5c2f0a3e-8d41-4b7e-9a56-1f0d3c7b2e94";
    private static final String EXAMPLE_PAYMENT = "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/"
            + EXAMPLE_ID;
    private static final String EXAMPLE_AUTHORISATION = EXAMPLE_PAYMENT + "/authorisations/"
            + EXAMPLE_AUTHORISATION_ID;

    private static final String EMBEDDED_STEPS = "One step of an embedded authorisation, in order: psuData.password"
            + " with PSU-ID (→ psuAuthenticated with scaMethods and selectAuthenticationMethod when the PSU has several"
            + " methods, else scaMethodSelected with chosenScaMethod, challengeData and authoriseTransaction),"
            + " authenticationMethodId (→ scaMethodSelected), scaAuthenticationData, the OTP (→ finalised). The"
            + " password and the OTP are passed to the bank, never stored or logged.";
    private static final String STEP_400 = "FormatError (not exactly one step in the body); ScaInvalid SCA_INVALID"
            + " (wrong OTP; after the bank's allowed attempts the authorisation is failed); ScaMethodUnknown"
            + " SCA_METHOD_UNKNOWN";
    /** The 406 of a read or status that asks XML of a payment initiated in JSON. */
    static final String XML_406 = "ActionNotAllowed REQUESTED_FORMATS_INVALID: XML asked for a payment initiated in"
            + " JSON";
    static final String PAIN_002 = "With Accept: application/xml (or text/xml) before application/json, a payment"
            + " initiated with a pain.001 document answers an ISO 20022 pain.002 status report in its version"
            + " (pain.002.001.03 for .03, pain.002.001.10 for .09; docs/ARCHITECTURE.md \"XML bodies\").";
    private static final String STEP_409 = "StatusInvalid STATUS_INVALID: the step is out of order, the"
            + " authorisation is final, or it is not an embedded one";

    @Inject PaymentService payments;
    @Inject InitiationBodyReader bodyReader;
    @Inject JsonBodies bodies;
    @Inject CurrentTpp currentTpp;
    @Inject PaymentResponses responses;
    @Inject PaymentScaSteps steps;
    @Inject Pain002Writer statusReports;

    /** The TPP's notification headers at an initiation, a cancellation or an authorisation's start. */
    @Inject Notifications notifications;

    @POST
    @Operation(summary = "Initiate a payment",
            description = "Creates the payment (RCVD) and, unless an explicit authorisation is preferred, its "
                    + "authorisation: the scaRedirect link for the PSU (redirect), updatePsuAuthentication (embedded) "
                    + "or the push to the PSU's app (decoupled, psuMessage). The approach is the bank's choice for the "
                    + "PSU when TPP-Redirect-Preferred is false.")
    @APIResponse(responseCode = "201", description = "Payment created",
            headers = {@Header(name = "Location", description = "the payment's path"),
                    @Header(name = SCA_APPROACH_HEADER, description = "REDIRECT, EMBEDDED or DECOUPLED: the bank's"
                            + " choice for the PSU when TPP-Redirect-Preferred is false")},
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = PaymentInitiationResponse.class),
                    examples = {@ExampleObject(name = "embedded", value = "{\"transactionStatus\":\"RCVD\","
                            + "\"paymentId\":\"" + EXAMPLE_ID + "\",\"_links\":{\"updatePsuAuthentication\":{\"href\":"
                            + "\"" + EXAMPLE_AUTHORISATION + "\"},"
                            + "\"self\":{\"href\":\"" + EXAMPLE_PAYMENT + "\"},"
                            + "\"status\":{\"href\":\"" + EXAMPLE_PAYMENT + "/status\"},"
                            + "\"scaStatus\":{\"href\":\"" + EXAMPLE_AUTHORISATION + "\"}}}"),
                            @ExampleObject(name = "decoupled", value = "{\"transactionStatus\":\"RCVD\","
                                    + "\"paymentId\":\"" + EXAMPLE_ID + "\",\"_links\":{\"self\":{\"href\":"
                                    + "\"" + EXAMPLE_PAYMENT + "\"},\"status\":{\"href\":"
                                    + "\"" + EXAMPLE_PAYMENT + "/status\"},\"scaStatus\":{\"href\":"
                                    + "\"" + EXAMPLE_AUTHORISATION + "\"}},"
                                    + "\"psuMessage\":\"Please confirm the request in your SandboxBank app.\"}")}))
    public Response initiate(@PathParam("provider_code") String providerCode,
                             @Parameter(description = "service-payment (the interface's product) or a Berlin Group "
                                     + "product the provider offers; else ProductUnknown/ProductInvalid")
                             @PathParam("payment_product") String paymentProduct,
                             @BeanParam InitiationHeaders headers, @BeanParam RedirectHeaders redirect,
                             @BeanParam NotificationHeaders notification,
                             @RequestBody(content = {@Content(mediaType = MediaType.APPLICATION_JSON,
                                     schema = @Schema(implementation = PaymentInitiationRequest.class)),
                                     @Content(mediaType = MediaType.APPLICATION_XML, schema = @Schema(
                                             type = SchemaType.STRING, description = "an ISO 20022 pain.001.001.03"
                                             + " document with one payment, for the pain.001 products"))})
                             byte[] body) {
        TppIdentity tpp = currentTpp.get();
        payments.requireProduct(providerCode, paymentProduct);
        bodyReader.requireContentType(paymentProduct, PaymentUrls.PERIODIC_PAYMENTS.equals(paymentService()),
                headers.contentType());
        InitiationHeaders.Checked checked = headers.checked(redirect);
        NotificationRequest accepted = notification.accept(notifications, tpp.certificate());
        InitiationBody read = readBody(providerCode, paymentProduct, headers.contentType(), body);
        return accepted.answered(responses.initiated(payments.initiate(checked.payment(providerCode, paymentProduct,
                tpp, read, accepted), read.terms())));
    }

    /** Reads the initiation's body (the exact bytes received: the Digest covers them); overridden by service. */
    protected InitiationBody readBody(String providerCode, String paymentProduct, String contentType, byte[] body) {
        return bodyReader.read(paymentProduct, contentType, body, providerCode);
    }

    @GET
    @Path("/{payment_id}")
    @Operation(summary = "Read a payment", description = "The payment as initiated, with its transactionStatus; for an"
            + " initiation without debtorAccount, the account the PSU chose at the bank once the PSU has chosen it")
    @Produces({MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML, MediaType.TEXT_XML})
    @APIResponse(responseCode = "200", description = "The payment", content = {
            @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = PaymentResponse.class)),
            @Content(mediaType = MediaType.APPLICATION_XML, schema = @Schema(type = SchemaType.STRING,
                    description = "the pain.001 document as initiated, for a payment initiated in pain.001"))})
    @APIResponse(responseCode = "406", description = XML_406)
    // Response, not the record: PeriodicPaymentResource and BulkPaymentResource answer their own bodies here
    public Response read(@BeanParam PaymentPath path, @Context HttpHeaders headers) {
        Payment payment = payments.refreshed(owned(path));
        return readAnswer(payment, headers, PaymentResponse.of(payments.order(payment), payment));
    }

    /**
     * The payment as JSON ({@code json}), or, when the TPP asks for XML, the pain.001 document it was initiated with,
     * byte for byte (its declaration names its encoding).
     */
    protected Response readAnswer(Payment payment, HttpHeaders headers, Object json) {
        return answer(headers, json, xml -> Response.ok(payments.document(payment).orElseThrow(() -> new Psd2Exception(
                ErrorClass.REQUESTED_FORMATS_INVALID, "The pain.001 document is answered for payments initiated"
                + " with one; accept application/json")), xml));
    }

    @GET
    @Path("/{payment_id}/status")
    @Produces({MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML, MediaType.TEXT_XML})
    @Operation(summary = "Payment status", description = "transactionStatus (RCVD, PATC, ACTC, ACSP, ACSC, ACCC, "
            + "RJCT, CANC), asked at the bank when not final (ACSC is not: ACCC may follow); PATC while some, not "
            + "all, of the debtor account's signatories authorised (multilevel SCA). " + PAIN_002)
    @APIResponse(responseCode = "200", description = "The transaction status", content = {
            @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = PaymentStatusResponse.class)),
            @Content(mediaType = MediaType.APPLICATION_XML, schema = @Schema(type = SchemaType.STRING,
                    description = "an ISO 20022 pain.002 status report, for a payment initiated in pain.001"))})
    @APIResponse(responseCode = "406", description = XML_406)
    public Response status(@BeanParam PaymentPath path, @Context HttpHeaders headers) {
        Payment payment = payments.refreshed(owned(path));
        return statusAnswer(payment, headers, PaymentStatusResponse.of(payment), List.of());
    }

    /**
     * The status as JSON ({@code json}), or as a pain.002 report when the TPP asks for XML ({@link Pain002Writer}),
     * with a bulk's {@code rejected} entries.
     */
    protected Response statusAnswer(Payment payment, HttpHeaders headers, Object json,
                                    List<Pain002Writer.RejectedEntry> rejected) {
        return answer(headers, json, xml -> Response.ok(statusReports.report(payment, rejected),
                xml.withCharset("UTF-8")));
    }

    /** {@code json}, unless the TPP asks for XML ({@link #xmlWanted}): then what {@code xml} makes of the type. */
    private static Response answer(HttpHeaders headers, Object json, Function<MediaType, ResponseBuilder> xml) {
        MediaType type = xmlWanted(headers.getAcceptableMediaTypes());
        return (type == null ? Response.ok(json, MediaType.APPLICATION_JSON_TYPE) : xml.apply(type)).build();
    }

    /** The XML type the TPP asks for, or null for JSON ({@link #wanted}). */
    static MediaType xmlWanted(List<MediaType> acceptable) {
        return wanted(acceptable, Set.of(MediaType.APPLICATION_XML, MediaType.TEXT_XML));
    }

    /**
     * The type of {@code others} the TPP asks for, or null for JSON: the first type of the Accept header (highest
     * preference first) that names JSON or one of them decides; wildcards decide nothing, so no Accept and a bare
     * wildcard get JSON.
     */
    static MediaType wanted(List<MediaType> acceptable, Set<String> others) {
        for (MediaType type : acceptable) {
            if (type.isWildcardType() || type.isWildcardSubtype()) {
                continue;
            }
            String name = (type.getType() + "/" + type.getSubtype()).toLowerCase(Locale.ROOT);
            if (others.contains(name)) {
                return MediaType.valueOf(name);
            }
            if (name.equals(MediaType.APPLICATION_JSON)) {
                return null;
            }
        }
        return null;
    }

    @DELETE
    @Path("/{payment_id}")
    @Operation(summary = "Cancel a payment", description = "A payment not yet authorised is cancelled at once (204); "
            + "an authorised one needs the PSU's cancellation authorisation (202): its scaRedirect link (redirect), "
            + "updatePsuAuthentication (embedded) or the push to the PSU's app (decoupled; poll scaStatus).")
    @APIResponse(responseCode = "204", description = "Cancelled (CANC)")
    @APIResponse(responseCode = "202", description = "Cancellation authorisation started",
            headers = @Header(name = SCA_APPROACH_HEADER, description = "REDIRECT, EMBEDDED or DECOUPLED"),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CancellationResponse.class)))
    @APIResponse(responseCode = "405", description = "The payment can no longer be cancelled (final status)")
    public Response cancel(@BeanParam PaymentPath path, @BeanParam RedirectHeaders redirectHeaders,
                           @Parameter(description = "the PSU's login at the bank (else the initiation's), to choose "
                                   + "the approach")
                           @HeaderParam("PSU-ID") String psuId,
                           @Parameter(description = PsuContextHeaders.IP_ADDRESS_PASSED_ON)
                           @HeaderParam(PsuIpAddress.HEADER) String psuIpAddress,
                           @BeanParam PsuContextHeaders psuHeaders,
                           @BeanParam NotificationHeaders notification) {
        Payment payment = owned(path);
        boolean redirect = redirectHeaders.preferred();
        String okUri = redirectHeaders.okUri(redirect);
        String nokUri = redirectHeaders.nokUri();
        NotificationRequest accepted = notification.accept(notifications, currentTpp.get().certificate());
        Cancellation cancellation = payments.cancel(payment, redirect, HeaderRules.psuId(psuId), okUri, nokUri,
                accepted, psuHeaders.withIpAddressHeader(psuIpAddress));
        if (cancellation.authorisation() == null) {
            return accepted.answered(Response.noContent().build());
        }
        return accepted.answered(responses.cancellationStarted(cancellation.payment(),
                cancellation.authorisation()));
    }

    @GET
    @Path("/{payment_id}/authorisations")
    @Operation(summary = "List the payment's authorisations")
    @APIResponse(responseCode = "200", description = "The authorisation ids",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = AuthorisationsResponse.class)))
    public AuthorisationsResponse authorisations(@BeanParam PaymentPath path) {
        return AuthorisationsResponse.of(payments.authorisations(owned(path), AuthorisationKind.PAYMENT));
    }

    @POST
    @Path("/{payment_id}/authorisations")
    @Operation(summary = "Start an authorisation of the payment",
            description = "Redirect: once, for a payment initiated with TPP-Explicit-Authorisation-Preferred: true; "
                    + "no body, or a JSON object whose fields are ignored (scaRedirect). Embedded or decoupled: a new "
                    + "SCA at the bank while the payment is RCVD or PATC (an open authorisation ends failed; PATC: "
                    + "a further signatory's, with their PSU-ID, multilevel SCA); no body (or {}): "
                    + "embedded waits for the password (updatePsuAuthentication), decoupled pushes to the PSU's app "
                    + "at once (psuMessage; PSU-ID or the initiation's); with psuData.password (embedded, PSU-ID) it "
                    + "starts authenticated, as the first PUT would answer.")
    @APIResponse(responseCode = "201", description = "Authorisation started",
            headers = {@Header(name = "Location", description = "the authorisation's path"),
                    @Header(name = SCA_APPROACH_HEADER, description = "the payment's approach")},
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(oneOf = {StartAuthorisationResponse.class, ScaUpdateResponse.class}),
                    examples = @ExampleObject(name = "embedded, empty body", value = "{\"scaStatus\":\"received\","
                            + "\"authorisationId\":\"" + EXAMPLE_AUTHORISATION_ID + "\","
                            + "\"_links\":{\"updatePsuAuthentication\":{\"href\":"
                            + "\"" + EXAMPLE_AUTHORISATION + "\"},"
                            + "\"scaStatus\":{\"href\":"
                            + "\"" + EXAMPLE_AUTHORISATION + "\"}}}")))
    @APIResponse(responseCode = "409", description = "StatusInvalid STATUS_INVALID: a redirect payment's authorisation"
            + " was already started, or the payment awaits no authorisation")
    public Response startAuthorisation(@BeanParam PaymentPath path, @BeanParam PsuDataHeaders headers,
                                       @BeanParam NotificationHeaders notification,
                                       @RequestBody(required = false, content = @Content(
                                               mediaType = MediaType.APPLICATION_JSON,
                                               schema = @Schema(implementation = UpdatePsuDataRequest.class)))
                                       byte[] body) {
        return start(path, AuthorisationKind.PAYMENT, headers, notification, body);
    }

    @PUT
    @Path("/{payment_id}/authorisations/{authorisation_id}")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Update PSU data (embedded SCA of the payment)", description = EMBEDDED_STEPS
            + " The finalised payment is ACTC (and moves on at the bank: ACSP, or RJCT).")
    @APIResponse(responseCode = "200", description = "The step was taken", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScaUpdateResponse.class),
            examples = @ExampleObject(name = "one method", value = "{\"scaStatus\":\"scaMethodSelected\","
                    + "\"chosenScaMethod\":{\"authenticationType\":\"SMS_OTP\",\"authenticationMethodId\":\"sms\","
                    + "\"name\":\"SMS to +49 170 ***** 12\"},\"challengeData\":{\"otpMaxLength\":6,\"otpFormat\":"
                    + "\"integer\",\"additionalInformation\":\"Enter the code sent by SMS to +49 170 ***** 12 (in the "
                    + "sandbox always 123456).\"},\"_links\":{\"authoriseTransaction\":{\"href\":"
                    + "\"" + EXAMPLE_AUTHORISATION + "\"},"
                    + "\"scaStatus\":{\"href\":"
                    + "\"" + EXAMPLE_AUTHORISATION + "\"}}}")))
    @APIResponse(responseCode = "400", description = STEP_400)
    @APIResponse(responseCode = "401", description = "PsuCredentialsInvalid PSU_CREDENTIALS_INVALID")
    @APIResponse(responseCode = "404", description = "ResourceUnknown: no such payment or authorisation")
    @APIResponse(responseCode = "409", description = STEP_409)
    public ScaUpdateResponse updatePsuData(@BeanParam PaymentPath path,
                                           @PathParam("authorisation_id") String authorisationId,
                                           @BeanParam PsuDataHeaders headers,
                                           @RequestBody(required = true, content = @Content(
                                                   mediaType = MediaType.APPLICATION_JSON,
                                                   schema = @Schema(implementation = UpdatePsuDataRequest.class)))
                                           byte[] body) {
        return step(path, AuthorisationKind.PAYMENT, authorisationId, headers, body);
    }

    @GET
    @Path("/{payment_id}/authorisations/{authorisation_id}")
    @Operation(summary = "SCA status of a payment authorisation")
    @APIResponse(responseCode = "200", description = "The scaStatus",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ScaStatusResponse.class)))
    public ScaStatusResponse authorisation(@BeanParam PaymentPath path,
                                           @PathParam("authorisation_id") String authorisationId) {
        return scaStatus(owned(path), AuthorisationKind.PAYMENT, authorisationId);
    }

    @GET
    @Path("/{payment_id}/cancellation-authorisations")
    @Operation(summary = "List the payment's cancellation authorisations")
    @APIResponse(responseCode = "200", description = "The cancellation authorisation ids",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = AuthorisationsResponse.class)))
    public AuthorisationsResponse cancellationAuthorisations(@BeanParam PaymentPath path) {
        return AuthorisationsResponse.of(payments.authorisations(owned(path), AuthorisationKind.CANCELLATION));
    }

    @POST
    @Path("/{payment_id}/cancellation-authorisations")
    @Operation(summary = "Start a cancellation authorisation", description = "A new SCA at the bank of an embedded or"
            + " decoupled cancellation the DELETE started (its open authorisation ends failed), with no body, {} or"
            + " psuData.password, as for the payment's authorisations. A redirect cancellation gets a new link from"
            + " a new DELETE: 409.")
    @APIResponse(responseCode = "201", description = "startScaprocessResponse",
            headers = {@Header(name = "Location", description = "the cancellation authorisation's path"),
                    @Header(name = SCA_APPROACH_HEADER, description = "EMBEDDED or DECOUPLED")},
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ScaUpdateResponse.class)))
    @APIResponse(responseCode = "409", description = "StatusInvalid STATUS_INVALID: no cancellation awaits an"
            + " authorisation, or it is a redirect one")
    public Response startCancellationAuthorisation(@BeanParam PaymentPath path, @BeanParam PsuDataHeaders headers,
                                       @BeanParam NotificationHeaders notification,
                                       @RequestBody(required = false, content = @Content(
                                               mediaType = MediaType.APPLICATION_JSON,
                                               schema = @Schema(implementation = UpdatePsuDataRequest.class)))
                                       byte[] body) {
        return start(path, AuthorisationKind.CANCELLATION, headers, notification, body);
    }

    @PUT
    @Path("/{payment_id}/cancellation-authorisations/{authorisation_id}")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Update PSU data (embedded SCA of the cancellation)", description = EMBEDDED_STEPS
            + " The finalised cancellation moves the payment to CANC; a failed one leaves it as it was.")
    @APIResponse(responseCode = "200", description = "The step was taken", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScaUpdateResponse.class)))
    @APIResponse(responseCode = "400", description = STEP_400)
    @APIResponse(responseCode = "401", description = "PsuCredentialsInvalid PSU_CREDENTIALS_INVALID")
    @APIResponse(responseCode = "404", description = "ResourceUnknown: no such payment or cancellation authorisation")
    @APIResponse(responseCode = "409", description = STEP_409)
    public ScaUpdateResponse updateCancellationPsuData(@BeanParam PaymentPath path,
                                           @PathParam("authorisation_id") String authorisationId,
                                           @BeanParam PsuDataHeaders headers,
                                           @RequestBody(required = true, content = @Content(
                                                   mediaType = MediaType.APPLICATION_JSON,
                                                   schema = @Schema(implementation = UpdatePsuDataRequest.class)))
                                           byte[] body) {
        return step(path, AuthorisationKind.CANCELLATION, authorisationId, headers, body);
    }

    @GET
    @Path("/{payment_id}/cancellation-authorisations/{authorisation_id}")
    @Operation(summary = "SCA status of a cancellation authorisation")
    @APIResponse(responseCode = "200", description = "The scaStatus",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ScaStatusResponse.class)))
    public ScaStatusResponse cancellationAuthorisation(@BeanParam PaymentPath path,
                                           @PathParam("authorisation_id") String authorisationId) {
        return scaStatus(owned(path), AuthorisationKind.CANCELLATION, authorisationId);
    }

    /**
     * The explicit start of an authorisation of either kind: the notification headers set or replace the payment's
     * subscription; a redirect payment's start answers its scaRedirect link, an embedded or decoupled one's starts a
     * new SCA at the bank (a redirect cancellation's is StatusInvalid: a new DELETE gives a new link).
     */
    private Response start(PaymentPath path, AuthorisationKind kind, PsuDataHeaders headers,
                           NotificationHeaders notification, byte[] body) {
        Payment payment = owned(path);
        NotificationRequest accepted = notification.accept(notifications, currentTpp.get().certificate());
        ScaApproach approach = steps.approachOfAStart(payment, kind);
        if (approach == ScaApproach.REDIRECT) {
            bodies.requireObjectOrNothing(headers.contentType(), body);
            payments.notifyAt(payment, accepted);
            return accepted.answered(responses.authorisationStarted(payments.startAuthorisation(payment)));
        }
        String psu = HeaderRules.psuId(headers.psuId());
        String password = JsonBodies.isAbsent(body) ? null
                : bodies.read(headers.contentType(), body, UpdatePsuDataRequest.class).passwordOfAStart();
        payments.notifyAt(payment, accepted);
        return accepted.answered(responses.apiAuthorisationStarted(steps.start(payment, kind, approach, psu,
                password, headers.psuContext())));
    }

    private ScaUpdateResponse step(PaymentPath path, AuthorisationKind kind, String authorisationId,
                                   PsuDataHeaders headers, byte[] body) {
        Payment payment = owned(path);
        String psu = HeaderRules.psuId(headers.psuId());
        UpdatePsuDataRequest request = bodies.read(headers.contentType(), body, UpdatePsuDataRequest.class);
        return responses.step(steps.update(payment, kind, authorisationId,
                request.toUpdate(psu, headers.psuContext())));
    }

    protected Payment owned(PaymentPath path) {
        return payments.owned(path.providerCode(), currentTpp.get().tppId(), paymentService(), path.paymentProduct(),
                path.paymentId());
    }

    /** The Berlin Group payment service this resource serves (bulk-payments, periodic-payments in subclasses). */
    protected String paymentService() {
        return PaymentUrls.PAYMENTS;
    }

    private ScaStatusResponse scaStatus(Payment payment, AuthorisationKind kind, String authorisationId) {
        payments.authorisation(payment, kind, authorisationId);
        payments.refreshed(payment);
        return ScaStatusResponse.of(payments.authorisation(payment, kind, authorisationId));
    }
}
