package eu.xs2a.payment.api;

import eu.xs2a.platform.http.BrowserFacing;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The PSU's browser pages of a periodic payment: those of {@link ScaRedirectResource}, under
 * {@code periodic-payments}, where the periodic payment's links point. The one-time token and the callback's state
 * find the payment, as for a single one.
 */
@Tag(name = "PSU browser", description = "Pages the PSU's browser reaches during redirect SCA (not signed)")
@Path("/{provider_code}/api/berlingroup/v1/periodic-payments/{payment_product}/{payment_id}")
@Produces(MediaType.WILDCARD)
@BrowserFacing
public class PeriodicScaRedirectResource extends ScaRedirectResource {
}
