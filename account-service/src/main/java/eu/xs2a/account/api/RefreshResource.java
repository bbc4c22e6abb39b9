package eu.xs2a.account.api;

import com.fasterxml.jackson.databind.JsonNode;
import eu.xs2a.account.domain.CallContext;
import eu.xs2a.account.domain.RefreshService;
import eu.xs2a.account.domain.RefreshStatus;
import eu.xs2a.platform.api.Href;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.http.JsonBodies;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The asynchronous refresh of a consent's account data, and its status. */
@Tag(name = "Accounts")
@Path("/{provider_code}/api/berlingroup/v1/accounts/refresh")
@Produces(MediaType.APPLICATION_JSON)
@Signed
@RequiresRole(Role.PSP_AI)
public class RefreshResource {

    @Inject RefreshService refreshes;
    @Inject CallContexts contexts;
    @Inject JsonBodies bodies;

    @POST
    @Operation(summary = "Refresh the consent's account data", description = "Starts fetching fresh data from the "
            + "bank (processing → fetching → fetchingFinished, fetchingFailed or partiallyFailed)")
    @APIResponse(responseCode = "200", description = "The refresh started",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.RefreshResponse.class)))
    @APIResponse(responseCode = "406", description = "A refresh is not allowed now (rate limit or one already running)")
    @APIResponse(responseCode = "429", description = "Too many refreshes")
    public Dtos.RefreshResponse start(@BeanParam ConsentedCall call,
                                      @Parameter(hidden = true) @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                                      @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                                              schema = @Schema(type = SchemaType.OBJECT, properties = @SchemaProperty(
                                                      name = "initiatedByCustomer", type = SchemaType.BOOLEAN,
                                                      description = "the PSU asked for it (default false)"))))
                                      byte[] body) {
        boolean initiatedByCustomer = initiatedByCustomer(bodies.readOptional(contentType, body));
        CallContext ctx = contexts.of(call);
        RefreshStatus status = refreshes.start(ctx, initiatedByCustomer);
        return new Dtos.RefreshResponse(status.name(), Map.of("refreshStatus",
                new Href(Views.accountsPath(call.providerCode()) + "/refresh/status")));
    }

    @GET
    @Path("/status")
    @Operation(summary = "Status of the consent's refresh")
    @APIResponse(responseCode = "200", description = "The refresh status",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.RefreshStatusResponse.class)))
    public Dtos.RefreshStatusResponse status(@BeanParam ConsentedCall call) {
        CallContext ctx = contexts.of(call);
        return new Dtos.RefreshStatusResponse(refreshes.status(ctx).name());
    }

    /** Optional, default false; present but not a JSON boolean → FormatError. */
    private static boolean initiatedByCustomer(JsonNode body) {
        if (body == null) {
            return false;
        }
        if (!body.isObject()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "The body must be a JSON object");
        }
        JsonNode value = body.get("initiatedByCustomer");
        if (value == null || value.isNull()) {
            return false;
        }
        if (!value.isBoolean()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "initiatedByCustomer must be a boolean (true or false)")
                    .at("initiatedByCustomer");
        }
        return value.booleanValue();
    }
}
