package eu.xs2a.payment.api;

import eu.xs2a.payment.domain.AuthorisationKind;
import eu.xs2a.payment.domain.PaymentService;
import eu.xs2a.payment.domain.PaymentService.CallbackOutcome;
import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.http.BrowserFacing;
import eu.xs2a.platform.http.BrowserPages;
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
import java.net.URI;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The two endpoints the PSU's browser reaches (not signed: a browser has no QSEAL). The scaRedirect link is
 * one-time and short-lived and leads on to the bank's page; the callback learns the outcome from the bank
 * itself and sends the PSU back to the TPP. A refusal is a short HTML page ({@link BrowserFacing}).
 */
@Tag(name = "PSU browser", description = "Pages the PSU's browser reaches during redirect SCA (not signed)")
@Path("/{provider_code}/api/berlingroup/v1/payments/{payment_product}/{payment_id}")
// Any Accept: a browser asks for text/html, and the answer is a redirect or a short page; JSON only when asked for.
@Produces(MediaType.WILDCARD)
@BrowserFacing
public class ScaRedirectResource {

    @Inject PaymentService payments;

    /** The scaRedirect link of a payment authorisation. */
    @Path("/authorisations/{authorisation_id}/sca-redirect")
    public ScaRedirectLink paymentLink(@BeanParam PaymentPath path,
                                       @PathParam("authorisation_id") String authorisationId) {
        return new ScaRedirectLink(payments, path, AuthorisationKind.PAYMENT, authorisationId);
    }

    /** The scaRedirect link of a cancellation authorisation. */
    @Path("/cancellation-authorisations/{authorisation_id}/sca-redirect")
    public ScaRedirectLink cancellationLink(@BeanParam PaymentPath path,
                                            @PathParam("authorisation_id") String authorisationId) {
        return new ScaRedirectLink(payments, path, AuthorisationKind.CANCELLATION, authorisationId);
    }

    @GET
    @Path("/sca-callback")
    @Operation(summary = "Return from the bank after SCA (PSU's browser)",
            description = "Learns the outcome from the bank and sends the PSU back to the TPP's redirect URI "
                    + "(or its Nok URI); without one, shows the PSU a short page of the outcome (a JSON summary for "
                    + "Accept: application/json).")
    @APIResponse(responseCode = "302", description = "Back to the TPP",
            headers = @Header(name = "Location", description = "TPP-Redirect-URI or TPP-Nok-Redirect-URI"))
    @APIResponse(responseCode = "200", description = "Outcome, when the TPP gave no redirect URI: a short page for"
            + " the PSU's browser, the JSON summary for Accept: application/json",
            content = {@Content(mediaType = MediaType.TEXT_HTML), @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CallbackResponse.class))})
    @APIResponse(responseCode = "404", description = "Unknown payment or state", content = {
            @Content(mediaType = MediaType.TEXT_HTML),
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class))})
    public Response callback(@BeanParam PaymentPath path, @QueryParam("state") String state,
                             @Context HttpHeaders headers) {
        CallbackOutcome outcome = payments.callback(path.providerCode(), path.paymentProduct(), path.paymentId(),
                state);
        if (outcome.redirectUri() != null) {
            return found(outcome.redirectUri());
        }
        if (BrowserPages.wantsJson(headers.getAcceptableMediaTypes())) {
            return Response.ok(new CallbackResponse(outcome.payment().resourceId(),
                    outcome.payment().transactionStatus().name(),
                    outcome.scaStatus() == null ? null : outcome.scaStatus().name()), MediaType.APPLICATION_JSON_TYPE)
                    .header("Cache-Control", "no-store").header("Vary", "Accept").build();
        }
        return CallbackPage.of(outcome);
    }

    static Response found(String location) {
        return Response.status(Response.Status.FOUND).location(URI.create(location))
                .header("Cache-Control", "no-store").build();
    }
}
