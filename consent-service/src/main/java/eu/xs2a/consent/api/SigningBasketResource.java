package eu.xs2a.consent.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.consent.config.PublicUrls;
import eu.xs2a.consent.domain.BasketAuthorisation;
import eu.xs2a.consent.domain.BasketScaSteps;
import eu.xs2a.consent.domain.SigningBasket;
import eu.xs2a.consent.domain.SigningBasketService;
import eu.xs2a.platform.api.Href;
import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.http.BrowserFacing;
import eu.xs2a.platform.http.JsonBodies;
import eu.xs2a.platform.notify.NotificationHeaders;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.platform.notify.Notifications;
import eu.xs2a.platform.sca.AuthorisationsResponse;
import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaStatusResponse;
import eu.xs2a.platform.sca.ScaUpdateResponse;
import eu.xs2a.platform.sca.UpdatePsuDataRequest;
import eu.xs2a.security.core.PsuIpAddress;
import eu.xs2a.security.quarkus.CurrentTpp;
import eu.xs2a.security.quarkus.PsuContextHeaders;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * Signing baskets: {@code P/v1/signing-baskets…} (docs/ARCHITECTURE.md "Signing baskets"). A TPP with any PSD2
 * payment or account role may create one of its own payments and consents; the basket's authorisation starts with
 * it, in the approach chosen as a consent's: redirect (the 201's scaRedirect; its link and the bank's callback are
 * browser-facing, not signed), embedded (PUT steps) or decoupled (the PSU's app). The TPP's notification headers are
 * taken at the creation and at an explicit start, as a consent's.
 */
@Tag(name = "Signing baskets", description = "Several payments and consents authorised with one SCA")
@Path("/{provider_code}/api/berlingroup/v1/signing-baskets")
@RequiresRole({Role.PSP_PI, Role.PSP_AI, Role.PSP_IC})
@Produces(MediaType.APPLICATION_JSON)
public class SigningBasketResource {

    /** signingBasket: the gateway's payment ids (payment-service's paymentId) and consent ids. */
    @RegisterForReflection
    public record SigningBasketRequest(List<String> paymentIds, List<String> consentIds) {
    }

    /** signingBasketResponse-201. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @RegisterForReflection
    public record Created(String transactionStatus, String basketId, @JsonProperty("_links") Map<String, Href> links,
                          String psuMessage) {
    }

    /** signingBasketResponse-200. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    @RegisterForReflection
    public record Basket(List<String> payments, List<String> consents, String transactionStatus,
                         @JsonProperty("_links") Map<String, Href> links) {
    }

    /** signingBasketStatusResponse-200. */
    @RegisterForReflection
    public record Status(String transactionStatus) {
    }

    @Inject SigningBasketService baskets;
    @Inject BasketScaSteps steps;
    @Inject Notifications notifications;
    @Inject CurrentTpp tpp;
    @Inject JsonBodies bodies;
    @Inject PublicUrls urls;
    @Inject ConsentResponses responses;

    @POST
    @Signed
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Create a signing basket", description = "Payments (paymentIds) and consents (consentIds) of"
            + " the calling TPP that await their authorisation and are in no other basket. The basket is registered at"
            + " the bank, and its authorisation starts with it, in the approach chosen as a consent's: redirect"
            + " (scaRedirect), embedded (the PUT steps on scaStatus) or decoupled (psuMessage: the PSU"
            + " approves in the bank's app). The PSU authorises every member with one SCA.")
    @Parameter(name = "TPP-Redirect-URI", in = ParameterIn.HEADER, description = "where the PSU returns after SCA;"
            + " required when the basket is authorised by redirect")
    @Parameter(name = "TPP-Nok-Redirect-URI", in = ParameterIn.HEADER, description = "after a failed SCA")
    @Parameter(name = "TPP-Redirect-Preferred", in = ParameterIn.HEADER, description = "true (default): redirect where"
            + " offered; false: the bank's choice for the PSU (embedded or decoupled)")
    @Parameter(name = "PSU-ID", in = ParameterIn.HEADER, description = "the PSU's login at the bank; needed for a"
            + " decoupled basket")
    @Parameter(name = "PSU-IP-Address", in = ParameterIn.HEADER, required = true, description = "the PSU's IP address")
    @APIResponse(responseCode = "201", description = "Created", headers = {
            @Header(name = "Location", description = "the basket's path"),
            @Header(name = "ASPSP-SCA-Approach", description = "REDIRECT, EMBEDDED or DECOUPLED"),
            @Header(name = NotificationRequest.SUPPORT_HEADER, description = "with a TPP-Notification-URI: true when"
                    + " notifications are sent"),
            @Header(name = NotificationRequest.CONTENT_HEADER, description = "what will be sent")},
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Created.class)))
    @APIResponse(responseCode = "400", description = "FormatError FORMAT_ERROR (no member, a bad notification"
            + " header); FormatError RESOURCE_UNKNOWN (a member unknown for this TPP); FormatError RESOURCE_BLOCKED (a"
            + " member in another basket); FormatError REFERENCE_MIX_INVALID (a member the basket cannot take, e.g. a"
            + " payment without debtorAccount); ServiceInvalid (no approach of the provider fits the PSU)")
    @APIResponse(responseCode = "409", description = "StatusInvalid REFERENCE_STATUS_INVALID: a member that awaits no"
            + " authorisation (already authorised, rejected or ended)")
    public Response create(@PathParam("provider_code") String provider, @Context HttpHeaders headers,
                           @BeanParam NotificationHeaders notificationHeaders, @BeanParam PsuContextHeaders psuHeaders,
                           @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                                   schema = @Schema(implementation = SigningBasketRequest.class))) byte[] body) {
        var redirect = BasketHeaders.read(headers);
        PsuContext psu = ScaHeaders.psuContext(headers, psuHeaders);
        NotificationRequest notification = notificationHeaders.accept(notifications, tpp.get().certificate());
        SigningBasketRequest request = bodies.read(headers.getHeaderString(HttpHeaders.CONTENT_TYPE), body,
                SigningBasketRequest.class);
        SigningBasketService.CreatedBasket created = baskets.create(provider, tpp.get(),
                request.paymentIds() == null ? List.of() : request.paymentIds(),
                request.consentIds() == null ? List.of() : request.consentIds(), redirect,
                BasketHeaders.redirectPreferred(headers), psu, notification);
        SigningBasket basket = created.basket();
        BasketAuthorisation authorisation = created.authorisation();
        String self = urls.basketPath(provider, basket.getId());
        String authorisationPath = urls.basketAuthorisationPath(provider, basket.getId(), authorisation.id());
        Map<String, Href> links = new LinkedHashMap<>();
        if (authorisation.scaApproach() == ScaApproach.REDIRECT) {
            links.put("scaRedirect", new Href(urls.basketScaRedirect(provider, basket.getId(), authorisation.id(),
                    created.redirectToken())));
        }
        // embedded: the steps go to scaStatus (1.3.6's _linksSigningBasket has no updatePsuAuthentication);
        // decoupled: nothing for the TPP to send, the PSU approves in the app and the TPP polls scaStatus
        links.put("self", new Href(self));
        links.put("status", new Href(self + "/status"));
        links.put("scaStatus", new Href(authorisationPath));
        return notification.answer(Response.status(Response.Status.CREATED)).header("Location", self)
                .header(ConsentResponses.SCA_APPROACH_HEADER, authorisation.scaApproach().name())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new Created(basket.getTransactionStatus().name(), basket.getId(), links,
                        created.psuMessage())).build();
    }

    @GET
    @Signed
    @Path("{basket_id}")
    @Operation(summary = "Read a signing basket", description = "Its payments, consents and transactionStatus (RCVD,"
            + " ACTC once its SCA authorised every member, RJCT, CANC once deleted)")
    @APIResponse(responseCode = "200", description = "The basket",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Basket.class)))
    public Basket get(@PathParam("provider_code") String provider, @PathParam("basket_id") String basketId) {
        SigningBasket basket = baskets.read(provider, tpp.tppId(), basketId);
        return new Basket(basket.getPaymentIds(), basket.getConsentIds(), basket.getTransactionStatus().name(),
                Map.of("self", new Href(urls.basketPath(provider, basket.getId())),
                        "status", new Href(urls.basketPath(provider, basket.getId()) + "/status")));
    }

    @GET
    @Signed
    @Path("{basket_id}/status")
    @Operation(summary = "Signing basket status")
    @APIResponse(responseCode = "200", description = "The transactionStatus",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Status.class)))
    public Status status(@PathParam("provider_code") String provider, @PathParam("basket_id") String basketId) {
        return new Status(baskets.read(provider, tpp.tppId(), basketId).getTransactionStatus().name());
    }

    @DELETE
    @Signed
    @Path("{basket_id}")
    @Operation(summary = "Delete the signing basket", description = "Only before its authorisation: its members can"
            + " then be authorised on their own again")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "409", description = "StatusInvalid STATUS_INVALID: the basket was authorised or"
            + " rejected")
    public Response delete(@PathParam("provider_code") String provider, @PathParam("basket_id") String basketId) {
        baskets.delete(provider, tpp.tppId(), basketId);
        return Response.noContent().build();
    }

    @GET
    @Signed
    @Path("{basket_id}/authorisations")
    @Operation(summary = "List the basket's authorisations")
    @APIResponse(responseCode = "200", description = "The authorisation ids",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AuthorisationsResponse.class)))
    public AuthorisationsResponse authorisations(@PathParam("provider_code") String provider,
                                                 @PathParam("basket_id") String basketId) {
        return AuthorisationsResponse.of(baskets.authorisations(provider, tpp.tppId(), basketId));
    }

    @POST
    @Signed
    @Consumes(MediaType.WILDCARD)
    @Path("{basket_id}/authorisations")
    @Operation(summary = "Start an authorisation (explicit start)", description = "A new authorisation of an embedded"
            + " or decoupled basket that awaits its SCA, as a consent's: the open one ends failed. No body: embedded"
            + " waits for the password, decoupled pushes to the PSU's app (PSU-ID or the creation's); with"
            + " psuData.password (embedded) the password step runs at once. The notification headers replace the"
            + " basket's. A redirect basket's authorisation started with it: 409.")
    @Parameter(name = "PSU-ID", in = ParameterIn.HEADER, description = "the PSU's login at the bank")
    @Parameter(name = PsuIpAddress.HEADER, in = ParameterIn.HEADER,
            description = PsuContextHeaders.IP_ADDRESS_PASSED_ON)
    @APIResponse(responseCode = "201", description = "startScaprocessResponse",
            headers = {@Header(name = "ASPSP-SCA-Approach", description = "EMBEDDED or DECOUPLED"),
                    @Header(name = NotificationRequest.SUPPORT_HEADER, description = "with a TPP-Notification-URI"),
                    @Header(name = NotificationRequest.CONTENT_HEADER, description = "what will be sent")},
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScaUpdateResponse.class)))
    @APIResponse(responseCode = "409", description = "StatusInvalid STATUS_INVALID: a redirect basket, or one that"
            + " awaits no authorisation")
    public Response startAuthorisation(@PathParam("provider_code") String provider,
                                       @PathParam("basket_id") String basketId, @Context HttpHeaders headers,
                                       @BeanParam PsuContextHeaders psuHeaders,
                                       @BeanParam NotificationHeaders notificationHeaders,
                                       @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                                               schema = @Schema(implementation = UpdatePsuDataRequest.class))) byte[] body) {
        String psuId = ScaHeaders.psuId(headers);
        NotificationRequest notification = notificationHeaders.accept(notifications, tpp.get().certificate());
        String password = null;
        if (body != null && body.length > 0) {
            password = bodies.read(headers.getHeaderString(HttpHeaders.CONTENT_TYPE), body,
                    UpdatePsuDataRequest.class).passwordOfAStart();
        }
        BasketScaSteps.Step started = steps.start(provider, tpp.tppId(), basketId, psuId, password, notification,
                ScaHeaders.psuContext(headers, psuHeaders));
        BasketAuthorisation authorisation = started.authorisation();
        return notification.answer(Response.status(Response.Status.CREATED))
                .header(ConsentResponses.SCA_APPROACH_HEADER, authorisation.scaApproach().name())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(step(provider, started).started(authorisation.id(), authorisation.scaApproach()))
                .build();
    }

    @GET
    @Signed
    @Path("{basket_id}/authorisations/{authorisation_id}")
    @Operation(summary = "SCA status of a basket authorisation")
    @APIResponse(responseCode = "200", description = "The scaStatus",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScaStatusResponse.class)))
    public ScaStatusResponse scaStatus(@PathParam("provider_code") String provider,
                                       @PathParam("basket_id") String basketId,
                                       @PathParam("authorisation_id") String authorisationId) {
        BasketAuthorisation authorisation = baskets.authorisation(provider, tpp.tppId(), basketId, authorisationId);
        return ScaStatusResponse.of(authorisation);
    }

    @PUT
    @Signed
    @Consumes(MediaType.WILDCARD)
    @Path("{basket_id}/authorisations/{authorisation_id}")
    @Operation(summary = "Update PSU data (embedded SCA)", description = "One step of an embedded basket"
            + " authorisation, in order, as a consent's: psuData.password (with PSU-ID, else the creation's),"
            + " authenticationMethodId, scaAuthenticationData (the OTP: finalised, every member authorised at once)."
            + " The password and the OTP are passed to the bank, never stored or logged.")
    @Parameter(name = "PSU-ID", in = ParameterIn.HEADER, description = "the PSU's login at the bank, with"
            + " psuData.password")
    @Parameter(name = PsuIpAddress.HEADER, in = ParameterIn.HEADER,
            description = PsuContextHeaders.IP_ADDRESS_PASSED_ON)
    @APIResponse(responseCode = "200", description = "The step was taken",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScaUpdateResponse.class)))
    @APIResponse(responseCode = "400", description = "FormatError; ScaInvalid SCA_INVALID (wrong OTP; after the"
            + " bank's allowed attempts the authorisation is failed and the basket RJCT); ScaMethodUnknown")
    @APIResponse(responseCode = "401", description = "PsuCredentialsInvalid PSU_CREDENTIALS_INVALID")
    @APIResponse(responseCode = "409", description = "StatusInvalid STATUS_INVALID: the step is out of order, the"
            + " authorisation is final, or it is not an embedded one")
    public ScaUpdateResponse updatePsuData(@PathParam("provider_code") String provider,
                                           @PathParam("basket_id") String basketId,
                                           @PathParam("authorisation_id") String authorisationId,
                                           @Context HttpHeaders headers, @BeanParam PsuContextHeaders psuHeaders,
                                           @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                                                   schema = @Schema(implementation = UpdatePsuDataRequest.class))) byte[] body) {
        String psuId = ScaHeaders.psuId(headers);
        UpdatePsuDataRequest request = bodies.read(headers.getHeaderString(HttpHeaders.CONTENT_TYPE), body,
                UpdatePsuDataRequest.class);
        return step(provider, steps.update(provider, tpp.tppId(), basketId, authorisationId,
                request.toUpdate(psuId, ScaHeaders.psuContext(headers, psuHeaders))));
    }

    /** The answer to a step: the status reached, the PSU's methods or challenge, the next link and scaStatus. */
    private ScaUpdateResponse step(String provider, BasketScaSteps.Step step) {
        return ScaUpdateResponse.afterStep(urls.basketAuthorisationPath(provider, step.basket().getId(),
                step.authorisation().id()), step.authorisation().scaStatus(), step.bank());
    }

    /** The PSU's browser follows the one-time scaRedirect link: on to the bank's page of the basket. Not signed. */
    @GET
    @BrowserFacing
    @Path("{basket_id}/authorisations/{authorisation_id}/sca-redirect/{token}")
    @Operation(summary = "SCA redirect link of a basket (PSU's browser)")
    @APIResponse(responseCode = "302", description = "On to the bank",
            headers = @Header(name = "Location", description = "the bank's SCA page"))
    @APIResponse(responseCode = "404", description = "ResourceUnknown: the link is unknown, expired or already used",
            content = {@Content(mediaType = MediaType.TEXT_HTML),
                    @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class))})
    @Produces(MediaType.WILDCARD)
    public Response scaRedirect(@PathParam("provider_code") String provider, @PathParam("basket_id") String basketId,
                                @PathParam("authorisation_id") String authorisationId,
                                @PathParam("token") String token) {
        return responses.browserTo(baskets.followRedirectLink(provider, basketId, authorisationId, token));
    }

    /** HEAD of the link: says whether it still works, and leaves it unspent. Not signed. */
    @HEAD
    @BrowserFacing
    @Path("{basket_id}/authorisations/{authorisation_id}/sca-redirect/{token}")
    @Operation(summary = "Check a basket's SCA redirect link without using it")
    @APIResponse(responseCode = "200", description = "The link is usable")
    @Produces(MediaType.WILDCARD)
    public Response checkScaRedirect(@PathParam("provider_code") String provider,
                                     @PathParam("basket_id") String basketId,
                                     @PathParam("authorisation_id") String authorisationId,
                                     @PathParam("token") String token) {
        baskets.checkRedirectLink(provider, basketId, authorisationId, token);
        return responses.linkUsable();
    }

    /** The bank sends the PSU's browser back here after the basket's SCA. Not signed. */
    @GET
    @BrowserFacing
    @Path("{basket_id}/authorisations/{authorisation_id}/sca-callback/{state}")
    @Operation(summary = "Return from the bank after a basket's SCA (PSU's browser)")
    @APIResponse(responseCode = "302", description = "Back to the TPP",
            headers = @Header(name = "Location", description = "TPP-Redirect-URI or TPP-Nok-Redirect-URI"))
    @APIResponse(responseCode = "404", description = "ResourceUnknown: unknown SCA callback",
            content = {@Content(mediaType = MediaType.TEXT_HTML),
                    @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class))})
    @Produces(MediaType.WILDCARD)
    public Response scaCallback(@PathParam("provider_code") String provider, @PathParam("basket_id") String basketId,
                                @PathParam("authorisation_id") String authorisationId,
                                @PathParam("state") String state) {
        return responses.browserTo(baskets.completeFromCallback(provider, basketId, authorisationId, state));
    }
}
