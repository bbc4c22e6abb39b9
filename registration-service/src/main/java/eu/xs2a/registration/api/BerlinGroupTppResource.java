package eu.xs2a.registration.api;

import eu.xs2a.platform.http.JsonBodies;
import eu.xs2a.platform.validation.Violations;
import eu.xs2a.registration.api.BerlinGroupDtos.CertificateAddRequest;
import eu.xs2a.registration.api.BerlinGroupDtos.CertificateInfo;
import eu.xs2a.registration.api.BerlinGroupDtos.RegisterRequest;
import eu.xs2a.registration.api.BerlinGroupDtos.TppResponse;
import eu.xs2a.registration.domain.TppRegistrationService;
import eu.xs2a.security.core.PsuIpAddress;
import eu.xs2a.security.quarkus.CurrentTpp;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import jakarta.inject.Inject;
import jakarta.validation.Validator;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Berlin Group TPP registration (signed: the whole request pipeline runs first). Any PSD2 role may register; a
 * certificate without one is RoleInvalid.
 */
@Tag(name = "Berlin Group registration", description = "TPP onboarding with the QSEAL-signed request itself")
@Path("/api/berlingroup/v1/tpp")
@Signed
@RequiresRole({Role.PSP_AS, Role.PSP_PI, Role.PSP_AI, Role.PSP_IC})
@Produces(MediaType.APPLICATION_JSON)
public class BerlinGroupTppResource {

    private static final String PSU_IP_TEXT = "optional; an IPv4 or IPv6 address when sent";

    @Inject TppRegistrationService registrations;
    @Inject CurrentTpp currentTpp;
    @Inject Validator validator;

    @POST
    @Path("/register")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Register the calling TPP",
            description = "Registers the TPP of the signing certificate (organizationIdentifier) with company, "
                    + "representative and certificate details; a confirmation letter is sent.")
    @APIResponse(responseCode = "200", description = "The registered TPP",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TppResponse.class)))
    public TppResponse register(@Parameter(hidden = true) @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                                @Parameter(description = PSU_IP_TEXT) @HeaderParam(PsuIpAddress.HEADER) String psuIpAddress,
                                RegisterRequest request) {
        checkHeaders(contentType, psuIpAddress);
        // the body's constraints after the headers' checks, which a refused request is told first
        RegisterRequest body = Violations.checked(validator, request == null ? RegisterRequest.EMPTY : request);
        return TppResponse.of(registrations.register(currentTpp.get(), body.toRegistration()));
    }

    @POST
    @Path("/certificates")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Add the signing certificate to the registered TPP",
            description = "The signing certificate (e.g. a renewed QSEAL of the same organizationIdentifier) is added; "
                    + "a confirmation letter is sent.")
    @APIResponse(responseCode = "200", description = "The TPP with its certificates",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TppResponse.class)))
    public TppResponse addCertificate(@Parameter(hidden = true) @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                                      @Parameter(description = PSU_IP_TEXT) @HeaderParam(PsuIpAddress.HEADER) String psuIpAddress,
                                      CertificateAddRequest request) {
        checkHeaders(contentType, psuIpAddress);
        CertificateInfo info = Violations.checked(validator, request == null ? CertificateAddRequest.EMPTY : request)
                .certificate().stored();
        return TppResponse.of(registrations.addCertificate(currentTpp.get(), info.name(), info.type()));
    }

    @GET
    @Operation(summary = "Read the calling TPP's registration")
    @APIResponse(responseCode = "200", description = "The registered TPP",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TppResponse.class)))
    @APIResponse(responseCode = "404", description = "The TPP is not registered")
    public TppResponse get(@Parameter(description = PSU_IP_TEXT) @HeaderParam(PsuIpAddress.HEADER) String psuIpAddress) {
        PsuIpAddress.parse(psuIpAddress);
        return TppResponse.of(registrations.get(currentTpp.get()));
    }

    /**
     * A body is JSON by its Content-Type, not by a guess: JAX-RS would read one sent without any. PSU-IP-Address is
     * optional here, but checked when sent, as everywhere else.
     */
    private static void checkHeaders(String contentType, String psuIpAddress) {
        JsonBodies.requireJson(contentType);
        PsuIpAddress.parse(psuIpAddress);
    }
}
