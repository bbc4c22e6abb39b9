package eu.xs2a.consent.api;

import eu.xs2a.platform.notify.NotificationHeaders;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.platform.notify.Notifications;
import eu.xs2a.consent.domain.ConsentService;
import eu.xs2a.consent.domain.ConsentType;
import eu.xs2a.consent.domain.AuthorisationStart;
import eu.xs2a.consent.domain.EmbeddedScaService;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.POST;
import eu.xs2a.platform.sca.ScaUpdateResponse;
import eu.xs2a.platform.sca.UpdatePsuDataRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import eu.xs2a.consent.domain.ScaService;
import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.http.BrowserFacing;
import eu.xs2a.platform.http.JsonBodies;
import eu.xs2a.platform.sca.AuthorisationsResponse;
import eu.xs2a.platform.sca.ScaStatusResponse;
import eu.xs2a.security.core.PsuIpAddress;
import eu.xs2a.security.quarkus.CurrentTpp;
import eu.xs2a.security.quarkus.PsuContextHeaders;
import eu.xs2a.security.quarkus.Signed;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * What the two kinds of consent resource have in common below their path: status, termination, authorisations and
 * the two browser-facing steps of redirect SCA (the scaRedirect link and the bank's callback, deliberately not
 * signed). A subclass names the path, the required role and the consent type, and has its own create and read,
 * whose bodies differ.
 */
@Produces(MediaType.APPLICATION_JSON)
public abstract class ConsentEndpoints {

    /** The examples' ids have the shape of real ones: 32 random base64url characters. */
    private static final String EXAMPLE_AUTHORISATION_ID = "Xe4Rt7Yu1Io9Pa3Sd6Fg2Hj5Kl8Zx0Cv";
    private static final String EXAMPLE_AUTHORISATION = "/sandbox/api/berlingroup/v1/consents/"
            + "tR3kWq8ZpLm2Xv9YbN4cJd7Hs1Fg6Ua0/authorisations/" + EXAMPLE_AUTHORISATION_ID;

    private final ConsentType type;
    @Inject ConsentService consents;
    @Inject ScaService sca;
    @Inject CurrentTpp tpp;
    @Inject JsonBodies bodies;
    @Inject ConsentResponses responses;
    @Inject EmbeddedScaService embedded;
    @Inject AuthorisationStart starts;

    /** The TPP's notification headers at a consent's creation. */
    @Inject Notifications notifications;

    protected ConsentEndpoints(ConsentType type) {
        this.type = type;
    }

    @GET
    @Signed
    @Operation(summary = "Consent status", description = "accepted (the bank has not registered it yet), received, valid, rejected, expired, revokedByPsu or terminatedByTpp")
    @APIResponse(responseCode = "200", description = "The consentStatus",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ConsentStatusResponse.class)))
    @Path("{consent_id}/status")
    public ConsentStatusResponse status(@PathParam("provider_code") String provider,
                                        @PathParam("consent_id") String consentId) {
        return new ConsentStatusResponse(consents.read(provider, tpp.tppId(), type, consentId)
                .getStatus().name());
    }

    @DELETE
    @Signed
    @Operation(summary = "Terminate the consent", description = "Moves the consent to terminatedByTpp; it can no longer be used")
    @APIResponse(responseCode = "204", description = "Terminated")
    @Path("{consent_id}")
    public Response delete(@PathParam("provider_code") String provider, @PathParam("consent_id") String consentId) {
        consents.terminate(provider, tpp.tppId(), type, consentId);
        return Response.noContent().build();
    }

    @GET
    @Signed
    @Operation(summary = "List the consent's authorisations")
    @APIResponse(responseCode = "200", description = "The authorisation ids",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AuthorisationsResponse.class)))
    @Path("{consent_id}/authorisations")
    public AuthorisationsResponse authorisations(@PathParam("provider_code") String provider,
                                                 @PathParam("consent_id") String consentId) {
        return AuthorisationsResponse.of(consents.authorisations(provider, tpp.tppId(), type, consentId));
    }

    @GET
    @Signed
    @Operation(summary = "SCA status of a consent authorisation")
    @APIResponse(responseCode = "200", description = "The scaStatus",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScaStatusResponse.class)))
    @Path("{consent_id}/authorisations/{authorisation_id}")
    public ScaStatusResponse scaStatus(@PathParam("provider_code") String provider,
                                       @PathParam("consent_id") String consentId,
                                       @PathParam("authorisation_id") String authorisationId) {
        return ScaStatusResponse.of(consents.authorisation(provider, tpp.tppId(), type, consentId, authorisationId));
    }

    @POST
    @Signed
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Start an authorisation (explicit start)", description = "A new authorisation of an embedded"
            + " or decoupled consent that awaits SCA; the consent's open authorisation ends failed (the bank has one"
            + " SCA per consent). No body (or {}): embedded waits for the password (updatePsuAuthentication),"
            + " decoupled pushes to the PSU's app at once (psuMessage; PSU-ID or the creation's). With"
            + " psuData.password (embedded, with PSU-ID) it starts authenticated, as the first PUT would answer."
            + " A partiallyAuthorised consent (multilevel SCA) takes a further signatory's, with their PSU-ID,"
            + " which its steps then use. A redirect consent's authorisation starts with the consent: 409.")
    @Parameter(name = ScaHeaders.PSU_ID, in = ParameterIn.HEADER, description = "the PSU's login at the bank; signed"
            + " when sent", example = "psu1")
    @Parameter(name = PsuIpAddress.HEADER, in = ParameterIn.HEADER,
            description = PsuContextHeaders.IP_ADDRESS_PASSED_ON)
    @APIResponse(responseCode = "201", description = "startScaprocessResponse",
            headers = {@Header(name = "ASPSP-SCA-Approach", description = "EMBEDDED or DECOUPLED"),
                    @Header(name = NotificationRequest.SUPPORT_HEADER, description = "with a TPP-Notification-URI:"
                            + " true when notifications are sent"),
                    @Header(name = NotificationRequest.CONTENT_HEADER, description = "what will be sent")},
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScaUpdateResponse.class),
                    examples = @ExampleObject(name = "embedded, empty body", value = "{\"scaStatus\":\"received\","
                            + "\"authorisationId\":\"" + EXAMPLE_AUTHORISATION_ID + "\","
                            + "\"_links\":{\"updatePsuAuthentication\":{\"href\":"
                            + "\"" + EXAMPLE_AUTHORISATION + "\"},\"scaStatus\":{\"href\":"
                            + "\"" + EXAMPLE_AUTHORISATION + "\"}}}")))
    @APIResponse(responseCode = "409", description = "StatusInvalid STATUS_INVALID: the consent awaits no SCA, or is"
            + " authorised by redirect")
    @Path("{consent_id}/authorisations")
    public Response startAuthorisation(@PathParam("provider_code") String provider,
                                       @PathParam("consent_id") String consentId, @Context HttpHeaders headers,
                                       @BeanParam PsuContextHeaders psuHeaders,
                                       @BeanParam NotificationHeaders notificationHeaders,
                                       @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                                               schema = @Schema(implementation = UpdatePsuDataRequest.class))) byte[] body) {
        consents.requireProvider(provider);
        String psuId = ScaHeaders.psuId(headers);
        NotificationRequest notification = notificationHeaders.accept(notifications, tpp.get().certificate());
        String password = null;
        if (body != null && body.length > 0) {
            UpdatePsuDataRequest request = bodies.read(headers.getHeaderString(HttpHeaders.CONTENT_TYPE), body,
                    UpdatePsuDataRequest.class);
            password = request.passwordOfAStart();
        }
        return notification.answered(responses.started(starts.start(provider, tpp.tppId(), type, consentId, psuId,
                password, notification, ScaHeaders.psuContext(headers, psuHeaders))));
    }

    @PUT
    @Signed
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Update PSU data (embedded SCA)", description = "One step of an embedded authorisation, in"
            + " order: psuData.password with PSU-ID (→ psuAuthenticated with scaMethods and selectAuthenticationMethod"
            + " when the PSU has several methods, else scaMethodSelected with chosenScaMethod, challengeData and"
            + " authoriseTransaction), authenticationMethodId (→ scaMethodSelected), scaAuthenticationData, the OTP"
            + " (→ finalised, the consent valid). The password and the OTP are passed to the bank, never stored or"
            + " logged.")
    @Parameter(name = ScaHeaders.PSU_ID, in = ParameterIn.HEADER, description = "the PSU's login at the bank, with"
            + " psuData.password (else the PSU-ID of the consent's creation); signed when sent", example = "psu1")
    @Parameter(name = PsuIpAddress.HEADER, in = ParameterIn.HEADER,
            description = PsuContextHeaders.IP_ADDRESS_PASSED_ON)
    @APIResponse(responseCode = "200", description = "The step was taken",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScaUpdateResponse.class),
                    examples = {@ExampleObject(name = "several methods", value = "{\"scaStatus\":\"psuAuthenticated\","
                            + "\"scaMethods\":[{\"authenticationType\":\"SMS_OTP\",\"authenticationMethodId\":\"sms\","
                            + "\"name\":\"SMS to +49 170 ***** 12\"},{\"authenticationType\":\"CHIP_OTP\","
                            + "\"authenticationMethodId\":\"chip\",\"name\":\"chipTAN reader\"}],\"_links\":"
                            + "{\"selectAuthenticationMethod\":{\"href\":\"" + EXAMPLE_AUTHORISATION + "\"},"
                            + "\"scaStatus\":{\"href\":\"" + EXAMPLE_AUTHORISATION + "\"}}}"),
                            @ExampleObject(name = "finalised", value = "{\"scaStatus\":\"finalised\",\"_links\":"
                                    + "{\"scaStatus\":{\"href\":\"" + EXAMPLE_AUTHORISATION + "\"}}}")}))
    @APIResponse(responseCode = "400", description = "FormatError (not exactly one step in the body); ScaInvalid"
            + " SCA_INVALID (wrong OTP; after the bank's allowed attempts the authorisation is failed and the consent"
            + " rejected); ScaMethodUnknown SCA_METHOD_UNKNOWN")
    @APIResponse(responseCode = "401", description = "PsuCredentialsInvalid PSU_CREDENTIALS_INVALID (wrong PSU-ID or"
            + " password); ConsentUnknown")
    @APIResponse(responseCode = "404", description = "ResourceUnknown: no such authorisation of this consent")
    @APIResponse(responseCode = "409", description = "StatusInvalid STATUS_INVALID: the step is out of order, the"
            + " authorisation is final, or it is not an embedded one")
    @Path("{consent_id}/authorisations/{authorisation_id}")
    public ScaUpdateResponse updatePsuData(@PathParam("provider_code") String provider,
                                           @PathParam("consent_id") String consentId,
                                           @PathParam("authorisation_id") String authorisationId,
                                           @Context HttpHeaders headers, @BeanParam PsuContextHeaders psuHeaders,
                                           @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                                                   schema = @Schema(implementation = UpdatePsuDataRequest.class))) byte[] body) {
        consents.requireProvider(provider);
        String psuId = ScaHeaders.psuId(headers);
        UpdatePsuDataRequest request = bodies.read(headers.getHeaderString(HttpHeaders.CONTENT_TYPE), body,
                UpdatePsuDataRequest.class);
        return responses.step(embedded.update(provider, tpp.tppId(), type, consentId, authorisationId,
                request.toUpdate(psuId, ScaHeaders.psuContext(headers, psuHeaders))));
    }

    /** The PSU's browser follows the one-time scaRedirect link: on to the bank's SCA page. Not signed. */
    @GET
    @BrowserFacing
    @Path("{consent_id}/authorisations/{authorisation_id}/sca-redirect/{token}")
    @Operation(summary = "SCA redirect link (PSU's browser)",
            description = "The one-time scaRedirect link: sends the PSU's browser on to the bank's SCA page. A refusal"
                    + " is a short HTML page (with a link back to the TPP when the link was the PSU's); the standard"
                    + " error body only for Accept: application/json")
    @APIResponse(responseCode = "302", description = "On to the bank",
            headers = @Header(name = "Location", description = "the bank's SCA page"))
    @APIResponse(responseCode = "404", description = "ResourceUnknown: the link is unknown, expired or already used,"
            + " or the consent can no longer be authorised", content = {@Content(mediaType = MediaType.TEXT_HTML),
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class))})
    @APIResponse(responseCode = "503", description = "ServiceUnavailable: the bank cannot be reached; the link can be"
            + " tried again", content = {@Content(mediaType = MediaType.TEXT_HTML),
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class))})
    @Produces(MediaType.WILDCARD) // a browser asks for text/html; the answer is a redirect (or an error page)
    public Response scaRedirect(@PathParam("provider_code") String provider, @PathParam("consent_id") String consentId,
                                @PathParam("authorisation_id") String authorisationId,
                                @PathParam("token") String token) {
        return responses.browserTo(sca.followRedirectLink(provider, type, consentId, authorisationId, token));
    }

    /** HEAD of the scaRedirect link: says whether it still works, and leaves it unspent. Not signed. */
    @HEAD
    @BrowserFacing
    @Path("{consent_id}/authorisations/{authorisation_id}/sca-redirect/{token}")
    @Operation(summary = "Check the SCA redirect link without using it",
            description = "Link checkers in mail and chat clients send HEAD before the PSU clicks; the link stays usable")
    @APIResponse(responseCode = "200", description = "The link is usable")
    @APIResponse(responseCode = "404", description = "ResourceUnknown: the link is unknown, expired or already used")
    @Produces(MediaType.WILDCARD)
    public Response checkScaRedirect(@PathParam("provider_code") String provider,
                                     @PathParam("consent_id") String consentId,
                                     @PathParam("authorisation_id") String authorisationId,
                                     @PathParam("token") String token) {
        sca.checkRedirectLink(provider, type, consentId, authorisationId, token);
        return responses.linkUsable();
    }

    /** The bank sends the PSU's browser back here after SCA. Not signed. */
    @GET
    @BrowserFacing
    @Path("{consent_id}/authorisations/{authorisation_id}/sca-callback/{state}")
    @Operation(summary = "Return from the bank after SCA (PSU's browser)",
            description = "Learns the outcome from the bank and sends the PSU back to the TPP: TPP-Redirect-URI after success,"
                    + " TPP-Nok-Redirect-URI after a known failure, TPP-Redirect-URI when the bank cannot tell the outcome"
                    + " (the consent is left as it is; the TPP reads its status)")
    @APIResponse(responseCode = "302", description = "Back to the TPP",
            headers = @Header(name = "Location", description = "TPP-Redirect-URI or TPP-Nok-Redirect-URI"))
    @APIResponse(responseCode = "200", description = "A page saying the PSU is done (the TPP gave no redirect URI)",
            content = @Content(mediaType = MediaType.TEXT_HTML))
    @APIResponse(responseCode = "404", description = "ResourceUnknown: unknown SCA callback (an HTML page; the standard"
            + " error body for Accept: application/json)", content = {@Content(mediaType = MediaType.TEXT_HTML),
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class))})
    @Produces(MediaType.WILDCARD) // a browser asks for text/html; the answer is a redirect (or an error page)
    public Response scaCallback(@PathParam("provider_code") String provider, @PathParam("consent_id") String consentId,
                                @PathParam("authorisation_id") String authorisationId,
                                @PathParam("state") String state) {
        return responses.browserTo(sca.completeFromCallback(provider, type, consentId, authorisationId, state));
    }
}
