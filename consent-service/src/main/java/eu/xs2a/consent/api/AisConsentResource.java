package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.ConsentType;
import eu.xs2a.consent.domain.NewAisConsent;
import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.notify.NotificationHeaders;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.security.core.TppBrand;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Account-information consents: {@code P/v1/consents…}, role PSP_AI. Create and read are here; status, termination,
 * authorisations and redirect SCA are in {@link ConsentEndpoints}. Every TPP-facing method is {@link Signed}.
 */
@Tag(name = "Account information consents", description = "AIS consents (PSP_AI), their authorisations and redirect SCA")
@Path("/{provider_code}/api/berlingroup/v1/consents")
@RequiresRole(Role.PSP_AI)
@Produces(MediaType.APPLICATION_JSON)
public class AisConsentResource extends ConsentEndpoints {

    public AisConsentResource() {
        super(ConsentType.AIS);
    }

    @POST
    @Signed
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Create an account-information consent", description = "Registers the consent at the bank (received) and starts "
            + "its authorisation: the PSU approves it through the scaRedirect link.")
    @APIResponse(responseCode = "201", description = "Consent created",
            headers = {@Header(name = "Location", description = "the consent's path"),
                    @Header(name = "ASPSP-SCA-Approach", description = "REDIRECT, EMBEDDED or DECOUPLED (docs/ARCHITECTURE.md \"SCA approaches\")"),
                    @Header(name = NotificationRequest.SUPPORT_HEADER, description = "with a TPP-Notification-URI: true when notifications are sent"),
                    @Header(name = NotificationRequest.CONTENT_HEADER, description = "what will be sent, e.g. status=SCA,PROCESS")},
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ConsentCreatedResponse.class)))
    public Response create(@PathParam("provider_code") String provider, @Context HttpHeaders headers,
                           @BeanParam ConsentCreationHeaders sca,
                           @BeanParam NotificationHeaders notificationHeaders,
                           @Parameter(description = "the brand under which the TPP meets the PSU (at most 140"
                                   + " characters): the bank's pages name the TPP by it")
                           @HeaderParam(TppBrand.HEADER) String tppBrand,
                           @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                                   schema = @Schema(implementation = AisConsentRequest.class))) byte[] body) {
        consents.requireProvider(provider); // an unknown provider is 404 whatever else is wrong
        var redirect = sca.redirect();
        PsuContext psu = sca.psuContext();
        String brand = TppBrand.parse(tppBrand);
        NotificationRequest notification = notificationHeaders.accept(notifications, tpp.get().certificate());
        AisConsentRequest request = bodies.read(headers.getHeaderString(HttpHeaders.CONTENT_TYPE), body, AisConsentRequest.class);
        return notification.answered(responses.created(consents.createAis(provider, tpp.get(), new NewAisConsent(request.access(),
                request.recurringIndicator(), request.validUntil(), request.frequencyPerDay(),
                request.combinedServiceIndicator()), redirect, sca.preferences(), psu, brand, notification)));
    }

    @GET
    @Signed
    @Operation(summary = "Read an account-information consent")
    @APIResponse(responseCode = "200", description = "The consent",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AisConsentInformation.class)))
    @Path("{consent_id}")
    public AisConsentInformation get(@PathParam("provider_code") String provider,
                                     @PathParam("consent_id") String consentId) {
        return responses.aisInformation(consents.read(provider, tpp.tppId(), ConsentType.AIS, consentId));
    }
}
