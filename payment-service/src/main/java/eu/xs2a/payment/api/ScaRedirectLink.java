package eu.xs2a.payment.api;

import eu.xs2a.payment.domain.AuthorisationKind;
import eu.xs2a.payment.domain.PaymentService;
import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.http.BrowserFacing;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * The one-time, short-lived scaRedirect link of one authorisation, a payment's or a cancellation's: the sub-resource
 * {@code …/authorisations/{authorisation_id}/sca-redirect} or {@code …/cancellation-authorisations/…/sca-redirect}
 * that {@link ScaRedirectResource} locates. Not signed: the PSU's browser opens it.
 */
@Produces(MediaType.WILDCARD)
@BrowserFacing
public class ScaRedirectLink {

    private final PaymentService payments;
    private final PaymentPath path;
    private final AuthorisationKind kind;
    private final String authorisationId;

    ScaRedirectLink(PaymentService payments, PaymentPath path, AuthorisationKind kind, String authorisationId) {
        this.payments = payments;
        this.path = path;
        this.kind = kind;
        this.authorisationId = authorisationId;
    }

    @GET
    @Operation(summary = "SCA redirect link of an authorisation (PSU's browser)", description = "The one-time,"
            + " short-lived scaRedirect link of a payment's or a cancellation's authorisation: sends the PSU's browser"
            + " on to the bank's login and SCA page.")
    @APIResponse(responseCode = "302", description = "On to the bank",
            headers = @Header(name = "Location", description = "the bank's SCA page"))
    @APIResponse(responseCode = "404", description = "The link is unknown, used or expired", content = {
            @Content(mediaType = MediaType.TEXT_HTML),
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class))})
    @APIResponse(responseCode = "503", description = "The bank is not reachable; the link can be tried again",
            content = {@Content(mediaType = MediaType.TEXT_HTML),
                    @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class))})
    public Response open(@QueryParam("token") String token) {
        return ScaRedirectResource.found(payments.scaRedirect(path.providerCode(), path.paymentProduct(),
                path.paymentId(), kind, authorisationId, token));
    }

    @HEAD
    @Operation(summary = "Check an authorisation's SCA redirect link without using it", description = "Link"
            + " checkers in mail and chat clients send HEAD before the PSU clicks; the link stays usable, and neither"
            + " the payment nor the bank is touched.")
    @APIResponse(responseCode = "200", description = "The link is usable")
    @APIResponse(responseCode = "404", description = "The link is unknown, used or expired")
    public Response check(@QueryParam("token") String token) {
        payments.checkScaRedirect(path.providerCode(), path.paymentProduct(), path.paymentId(), kind,
                authorisationId, token);
        // nothing to cache: the link is one-time
        return Response.ok().header("Cache-Control", "no-store").build();
    }
}
