package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.ConsentCheck;
import eu.xs2a.consent.domain.ConsentCheckResult;
import eu.xs2a.consent.domain.ConsentForLookup;
import eu.xs2a.consent.domain.ConsentLookup;
import eu.xs2a.platform.http.JsonBodies;
import io.quarkus.security.Authenticated;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
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
 * The consent lookup for account-service, inside the cluster only (the ingress never routes /internal, a
 * NetworkPolicy admits only account-service). Not eIDAS-signed: the caller proves itself with a service token
 * (RS256 JWT, issuer xs2a-gateway, audience consent-service, verified by SmallRye JWT); without a valid one →
 * 401 in the standard error body ({@link ServiceTokenErrors}). The 4xx answers are the standard error body,
 * which account-service passes on to the TPP unchanged.
 */
@Tag(name = "Internal", description = "Service to service, never routed by the ingress")
@SecurityScheme(securitySchemeName = "serviceToken", type = SecuritySchemeType.HTTP, scheme = "bearer",
        bearerFormat = "JWT", description = "RS256 service token, issuer xs2a-gateway, audience consent-service")
@Path("/internal/v1/consent-checks")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class ConsentCheckResource {

    @Inject ConsentLookup lookup;
    @Inject JsonBodies bodies;

    @POST
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Consent lookup (account-service only)", description = "Is this consent valid for this "
            + "TPP, provider, account and resource? Counts an unattended access against frequencyPerDay.")
    @SecurityRequirement(name = "serviceToken")
    @APIResponse(responseCode = "200", description = "The consent may be used",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ConsentCheckResponse.class)))
    @APIResponse(responseCode = "400", description = "FormatError: the request is incomplete")
    @APIResponse(responseCode = "401", description = "AccessDenied (no valid service token), ConsentUnknown, "
            + "ConsentInvalid or ConsentExpired; passed on to the TPP unchanged")
    @APIResponse(responseCode = "429", description = "AccessExceeded: frequencyPerDay used up today")
    public ConsentCheckResponse check(@Context HttpHeaders headers,
                                      @RequestBody(required = true, content = @Content(
                                              mediaType = MediaType.APPLICATION_JSON,
                                              schema = @Schema(implementation = ConsentCheckRequest.class)))
                                      byte[] body) {
        ConsentCheckRequest request = bodies.read(headers.getHeaderString(HttpHeaders.CONTENT_TYPE), body, ConsentCheckRequest.class);
        ConsentCheckResult result = lookup.check(new ConsentCheck(request.providerCode(), request.tppId(),
                request.consentId(), request.purpose(), request.resource(), request.account(), request.psuPresent()));
        ConsentForLookup consent = result.consent();
        return new ConsentCheckResponse(consent.id(), consent.status().name(), consent.bankConsentId(),
                consent.validUntil() == null ? null : consent.validUntil().toString(), consent.access(),
                consent.account(), consent.cardNumber(), consent.recurringIndicator(), consent.frequencyPerDay(),
                result.remainingToday());
    }
}
