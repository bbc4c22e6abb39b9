package eu.xs2a.account.api;

import eu.xs2a.account.domain.ProductTemplates;
import eu.xs2a.security.quarkus.RequiresRole;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.tpp.Role;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The payment products a provider supports, with their names and required fields (no consent needed). */
@Tag(name = "Provider", description = "What the provider offers")
@Path("/{provider_code}/api/berlingroup/v1/aspsps/product_templates")
@Produces(MediaType.APPLICATION_JSON)
@Signed
@RequiresRole({Role.PSP_AI, Role.PSP_PI, Role.PSP_IC, Role.PSP_AS})
public class ProductTemplateResource {

    @Inject ProductTemplates templates;

    @GET
    @Operation(summary = "Payment products of the provider", description = "Names and required fields; no consent needed")
    @APIResponse(responseCode = "200", description = "The product templates",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Dtos.ProductTemplates.class)))
    public Dtos.ProductTemplates list(@PathParam("provider_code") String providerCode) {
        return new Dtos.ProductTemplates(templates.of(providerCode).stream()
                .map(t -> new Dtos.ProductTemplate(t.paymentProduct(), t.name(), t.requiredFields(),
                        t.optionalFields()))
                .toList());
    }
}
