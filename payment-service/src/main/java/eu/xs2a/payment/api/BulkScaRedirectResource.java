package eu.xs2a.payment.api;

import eu.xs2a.platform.http.BrowserFacing;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The PSU's browser endpoints of a bulk payment: those of {@link ScaRedirectResource} under its bulk path. */
@Tag(name = "PSU browser", description = "Pages the PSU's browser reaches during redirect SCA (not signed)")
@Path("/{provider_code}/api/berlingroup/v1/bulk-payments/{payment_product}/{payment_id}")
@Produces(MediaType.WILDCARD)
@BrowserFacing
public class BulkScaRedirectResource extends ScaRedirectResource {
}
