package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.ConsentType;
import eu.xs2a.consent.domain.NewFundsConsent;
import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.notify.NotificationHeaders;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
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
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Confirmation-of-funds consents: {@code P/v2/consents/confirmation-of-funds…}, role PSP_IC or PSP_PI (the interface
 * gives the PISP certificate the funds_availability scope). Create and read are here; status, termination,
 * authorisations and redirect SCA are in {@link ConsentEndpoints}. Every TPP-facing method is {@link Signed}.
 */
@Tag(name = "Confirmation-of-funds consents", description = "Confirmation-of-funds consents (PSP_IC or PSP_PI), their authorisations and redirect SCA")
@Path("/{provider_code}/api/berlingroup/v2/consents/confirmation-of-funds")
@RequiresRole({Role.PSP_IC, Role.PSP_PI})
@Produces(MediaType.APPLICATION_JSON)
public class FundsConsentResource extends ConsentEndpoints {

    public FundsConsentResource() {
        super(ConsentType.PIIS);
    }

    @POST
    @Signed
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Create a confirmation-of-funds consent", description = "Registers the consent at the bank (received) and starts "
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
                           @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                                   schema = @Schema(implementation = FundsConsentRequest.class))) byte[] body) {
        consents.requireProvider(provider); // an unknown provider is 404 whatever else is wrong
        var redirect = sca.redirect();
        PsuContext psu = sca.psuContext();
        NotificationRequest notification = notificationHeaders.accept(notifications, tpp.get().certificate());
        FundsConsentRequest request = bodies.read(headers.getHeaderString(HttpHeaders.CONTENT_TYPE), body, FundsConsentRequest.class);
        return notification.answered(responses.created(consents.createFunds(provider, tpp.get(), new NewFundsConsent(request.account(),
                request.cardNumber(), request.cardExpiryDate(), request.cardInformation(),
                request.registrationInformation()), redirect, sca.preferences(), psu, notification)));
    }

    @GET
    @Signed
    @Operation(summary = "Read a confirmation-of-funds consent")
    @APIResponse(responseCode = "200", description = "The consent",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = FundsConsentInformation.class)))
    @Path("{consent_id}")
    public FundsConsentInformation get(@PathParam("provider_code") String provider,
                                       @PathParam("consent_id") String consentId) {
        return responses.fundsInformation(consents.read(provider, tpp.tppId(), ConsentType.PIIS, consentId));
    }
}
