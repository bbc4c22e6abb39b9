package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.BankStatusUpdates;
import eu.xs2a.platform.http.JsonBodies;
import eu.xs2a.platform.provider.ProviderRegistry;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The bank tells the gateway of a consent's status (docs/ARCHITECTURE.md "Bank status events and polling"), inside
 * the cluster only: the ingress never routes /internal, a NetworkPolicy admits the sandbox bank's pods. Not
 * eIDAS-signed and not a service token: the bank proves itself with its provider's bank credential
 * ({@code ProviderRegistry.banksAuthorizedBy}). Answers in the standard error body.
 */
@Tag(name = "Internal", description = "Service to service, never routed by the ingress")
@SecurityScheme(securitySchemeName = "bankCredential", type = SecuritySchemeType.HTTP, scheme = "bearer",
        description = "The provider's bank credential (psd2.providers.<code>.bank-credential)")
@Path("/internal/v1/bank-events")
@Produces(MediaType.APPLICATION_JSON)
public class BankEventResource {

    @Inject ProviderRegistry providers;
    @Inject BankStatusUpdates updates;
    @Inject JsonBodies bodies;

    @POST
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Consent status event of the bank", description = "The bank's consent status, applied "
            + "along the consent's state machine: revokedByPsu, terminatedByBank (→ expired), expired, rejected and "
            + "valid. Idempotent: a repeated event, or one older than the status the gateway has, changes nothing.")
    @SecurityRequirement(name = "bankCredential")
    @APIResponse(responseCode = "204", description = "Applied, already known, or ignored")
    @APIResponse(responseCode = "400", description = "FormatError: the event is malformed")
    @APIResponse(responseCode = "401", description = "AccessDenied: no provider's bank credential as Bearer token")
    @APIResponse(responseCode = "404", description = "ResourceUnknown: no consent of the sender's providers has "
            + "this bank consent id (the bank retries)")
    public Response receive(@Context HttpHeaders headers,
                            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                                    schema = @Schema(implementation = BankEventRequest.class)))
                            byte[] body) {
        var providerCodes = providers.banksAuthorizedBy(headers.getHeaderString(HttpHeaders.AUTHORIZATION));
        BankEventRequest request = bodies.read(headers.getHeaderString(HttpHeaders.CONTENT_TYPE), body,
                BankEventRequest.class);
        updates.applyEvent(providerCodes, request.toEvent());
        return Response.noContent().build();
    }
}
