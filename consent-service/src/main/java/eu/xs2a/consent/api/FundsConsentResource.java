package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.ConsentService;
import eu.xs2a.consent.domain.ConsentType;
import eu.xs2a.consent.domain.NewFundsConsent;
import eu.xs2a.consent.domain.ScaService;
import eu.xs2a.security.quarkus.CurrentTpp;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Confirmation-of-funds consents: {@code P/v2/consents/confirmation-of-funds…}. Every TPP-facing method is
 * {@link Signed} (PSP_IC or PSP_PI, since the interface gives the PISP certificate the funds_availability scope); the two browser-facing
 * methods of redirect SCA (the scaRedirect link and the bank's callback) live under the same path so the
 * ingress routes them here, and are deliberately not signed.
 */
@Tag(name = "Confirmation-of-funds consents", description = "Confirmation-of-funds consents (PSP_IC or PSP_PI), their authorisations and redirect SCA")
@Path("/{provider}/api/berlingroup/v2/consents/confirmation-of-funds")
@RequiresRole({Role.PSP_IC, Role.PSP_PI})
@Produces(MediaType.APPLICATION_JSON)
public class FundsConsentResource {

    private final ConsentService consents;
    private final ScaService sca;
    private final CurrentTpp tpp;
    private final JsonBodies bodies;
    private final ConsentResponses responses;

    public FundsConsentResource(ConsentService consents, ScaService sca, CurrentTpp tpp, JsonBodies bodies,
                                ConsentResponses responses) {
        this.consents = consents;
        this.sca = sca;
        this.tpp = tpp;
        this.bodies = bodies;
        this.responses = responses;
    }

    @POST
    @Signed
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Create a confirmation-of-funds consent", description = "Registers the consent at the bank (received) and starts "
            + "its authorisation: the PSU approves it through the scaRedirect link.")
    @Parameter(name = ScaHeaders.REDIRECT_PREFERRED, in = ParameterIn.HEADER, required = true,
            description = "true or false (else BadRequest); only redirect SCA is offered",
            schema = @Schema(enumeration = {"true", "false"}))
    @Parameter(name = ScaHeaders.REDIRECT_URI, in = ParameterIn.HEADER, description = "where the PSU returns after "
            + "SCA: absolute http(s) URI, at most 500 characters, signed; required when TPP-Redirect-Preferred is true")
    @Parameter(name = ScaHeaders.NOK_REDIRECT_URI, in = ParameterIn.HEADER,
            description = "where the PSU returns after a failed SCA (default: TPP-Redirect-URI)")
    @Parameter(name = ScaHeaders.PSU_ID, in = ParameterIn.HEADER,
            description = "the PSU's login at the bank, at most 50 characters; signed when sent")
    @APIResponse(responseCode = "201", description = "Consent created",
            headers = {@Header(name = "Location", description = "the consent's path"),
                    @Header(name = "ASPSP-SCA-Approach", description = "always REDIRECT")},
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ConsentCreatedResponse.class)))
    public Response create(@PathParam("provider") String provider, @Context HttpHeaders headers,
                           @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                                   schema = @Schema(implementation = FundsConsentRequest.class))) String body) {
        var redirect = ScaHeaders.read(headers);
        FundsConsentRequest request = bodies.read(headers, body, FundsConsentRequest.class);
        return responses.created(consents.createFunds(provider, tpp.get(), new NewFundsConsent(request.account(),
                request.cardNumber(), request.cardExpiryDate(), request.cardInformation(),
                request.registrationInformation()), redirect));
    }

    @GET
    @Signed
    @Operation(summary = "Read a confirmation-of-funds consent")
    @APIResponse(responseCode = "200", description = "The consent",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = FundsConsentInformation.class)))
    @Path("{consentId}")
    public FundsConsentInformation get(@PathParam("provider") String provider, @PathParam("consentId") String consentId) {
        return responses.fundsInformation(consents.read(provider, tpp.tppId(), ConsentType.PIIS, consentId));
    }

    @GET
    @Signed
    @Operation(summary = "Consent status", description = "received, valid, rejected, expired, revokedByPsu or terminatedByTpp")
    @APIResponse(responseCode = "200", description = "The consentStatus",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ConsentStatusResponse.class)))
    @Path("{consentId}/status")
    public ConsentStatusResponse status(@PathParam("provider") String provider,
                                        @PathParam("consentId") String consentId) {
        return new ConsentStatusResponse(consents.read(provider, tpp.tppId(), ConsentType.PIIS, consentId)
                .getStatus().name());
    }

    @DELETE
    @Signed
    @Operation(summary = "Terminate the consent", description = "Moves the consent to terminatedByTpp; it can no longer be used")
    @APIResponse(responseCode = "204", description = "Terminated")
    @Path("{consentId}")
    public Response delete(@PathParam("provider") String provider, @PathParam("consentId") String consentId) {
        consents.terminate(provider, tpp.tppId(), ConsentType.PIIS, consentId);
        return Response.noContent().build();
    }

    @GET
    @Signed
    @Operation(summary = "List the consent's authorisations")
    @APIResponse(responseCode = "200", description = "The authorisation ids",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AuthorisationsResponse.class)))
    @Path("{consentId}/authorisations")
    public AuthorisationsResponse authorisations(@PathParam("provider") String provider,
                                                 @PathParam("consentId") String consentId) {
        return new AuthorisationsResponse(consents.authorisations(provider, tpp.tppId(), ConsentType.PIIS, consentId)
                .stream().map(a -> a.getId()).toList());
    }

    @GET
    @Signed
    @Operation(summary = "SCA status of a consent authorisation")
    @APIResponse(responseCode = "200", description = "The scaStatus",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScaStatusResponse.class)))
    @Path("{consentId}/authorisations/{authorisationId}")
    public ScaStatusResponse scaStatus(@PathParam("provider") String provider, @PathParam("consentId") String consentId,
                                       @PathParam("authorisationId") String authorisationId) {
        return new ScaStatusResponse(consents.authorisation(provider, tpp.tppId(), ConsentType.PIIS, consentId,
                authorisationId).getScaStatus().name());
    }

    /** The PSU's browser follows the one-time scaRedirect link: on to the bank's SCA page. Not signed. */
    @GET
    @Path("{consentId}/authorisations/{authorisationId}/sca-redirect/{token}")
    @Operation(summary = "SCA redirect link (PSU's browser)",
            description = "The one-time scaRedirect link: sends the PSU's browser on to the bank's SCA page")
    @APIResponse(responseCode = "302", description = "On to the bank",
            headers = @Header(name = "Location", description = "the bank's SCA page"))
    @APIResponse(responseCode = "404", description = "ResourceUnknown: the link is unknown, expired or already used")
    @APIResponse(responseCode = "503", description = "ServiceUnavailable: the bank cannot be reached")
    @Produces(MediaType.WILDCARD) // a browser asks for text/html; the answer is a redirect (or an error page)
    public Response scaRedirect(@PathParam("provider") String provider, @PathParam("consentId") String consentId,
                                @PathParam("authorisationId") String authorisationId, @PathParam("token") String token) {
        return responses.browserTo(sca.followRedirectLink(provider, ConsentType.PIIS, consentId, authorisationId, token));
    }

    /** The bank sends the PSU's browser back here after SCA. Not signed. */
    @GET
    @Path("{consentId}/authorisations/{authorisationId}/sca-callback/{state}")
    @Operation(summary = "Return from the bank after SCA (PSU's browser)",
            description = "Learns the outcome from the bank and sends the PSU back to the TPP's redirect URI")
    @APIResponse(responseCode = "302", description = "Back to the TPP",
            headers = @Header(name = "Location", description = "TPP-Redirect-URI or TPP-Nok-Redirect-URI"))
    @APIResponse(responseCode = "200", description = "Authorisation finished (no redirect URI given)",
            content = @Content(mediaType = MediaType.TEXT_PLAIN))
    @APIResponse(responseCode = "404", description = "ResourceUnknown: unknown SCA callback")
    @Produces(MediaType.WILDCARD) // a browser asks for text/html; the answer is a redirect (or an error page)
    public Response scaCallback(@PathParam("provider") String provider, @PathParam("consentId") String consentId,
                                @PathParam("authorisationId") String authorisationId, @PathParam("state") String state) {
        return responses.browserTo(sca.completeFromCallback(provider, ConsentType.PIIS, consentId, authorisationId, state));
    }
}
