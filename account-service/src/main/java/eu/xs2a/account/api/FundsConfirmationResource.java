package eu.xs2a.account.api;

import eu.xs2a.account.domain.CallContext;
import eu.xs2a.account.domain.FundsConfirmationService;
import eu.xs2a.account.domain.FundsRequest;
import eu.xs2a.platform.http.JsonBodies;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import jakarta.inject.Inject;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Confirmation of funds under a confirmation-of-funds consent; the answer comes live from the bank. */
@Tag(name = "Funds confirmation", description = "Is the amount available? Under a confirmation-of-funds consent (PSP_IC or PSP_PI)")
@Path("/{provider_code}/api/berlingroup/v1/funds-confirmations")
@Produces(MediaType.APPLICATION_JSON)
@Signed
@RequiresRole({Role.PSP_IC, Role.PSP_PI})
public class FundsConfirmationResource {

    @Inject FundsConfirmationService funds;
    @Inject CallContexts contexts;
    @Inject JsonBodies bodies;

    @POST
    @Operation(summary = "Confirm the availability of funds", description = "Asked live at the bank")
    @APIResponse(responseCode = "200", description = "fundsAvailable true or false",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.FundsResponse.class)))
    public Dtos.FundsResponse confirm(@BeanParam ConsentedCall call,
                                      @Parameter(hidden = true) @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                                      @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                                              schema = @Schema(type = SchemaType.OBJECT,
                                                      requiredProperties = "instructedAmount", properties = {
                                                          @SchemaProperty(name = "account",
                                                                  implementation = Dtos.AccountReference.class,
                                                                  description = "the consent's account"),
                                                          @SchemaProperty(name = "cardNumber", type = SchemaType.STRING),
                                                          @SchemaProperty(name = "payee", type = SchemaType.STRING,
                                                                  maxLength = 70),
                                                          @SchemaProperty(name = "instructedAmount",
                                                                  implementation = Dtos.Amount.class)})))
                                      byte[] body) {
        FundsRequest request = FundsRequest.parse(bodies.readOptional(contentType, body));
        CallContext ctx = contexts.of(call);
        return new Dtos.FundsResponse(funds.confirm(ctx, request));
    }
}
