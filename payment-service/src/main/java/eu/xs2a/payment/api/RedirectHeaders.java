package eu.xs2a.payment.api;

import jakarta.ws.rs.HeaderParam;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The TPP's redirect preference and URIs, on every request that may start an SCA the PSU is redirected for: a
 * payment's initiation (single, periodic, bulk) and its cancellation.
 */
public record RedirectHeaders(
        @Parameter(description = "true (default) or false: false lets the bank choose the approach for the PSU"
                + " (embedded or decoupled)", schema = @Schema(enumeration = {"true", "false"}))
        @HeaderParam("TPP-Redirect-Preferred") String redirectPreferred,
        @Parameter(description = "where the PSU returns after SCA: absolute https URI, at most 500 characters,"
                + " signed; required unless TPP-Redirect-Preferred is false")
        @HeaderParam("TPP-Redirect-URI") String redirectUri,
        @Parameter(description = "where the PSU returns after a failed SCA (default: TPP-Redirect-URI)")
        @HeaderParam("TPP-Nok-Redirect-URI") String nokRedirectUri) {

    /** TPP-Redirect-Preferred: true when absent; BadRequest unless true or false. */
    boolean preferred() {
        return HeaderRules.flag(redirectPreferred, true, "TPP-Redirect-Preferred");
    }

    /** TPP-Redirect-URI, required when the redirect approach is preferred. */
    String okUri(boolean preferred) {
        return HeaderRules.redirectUri(redirectUri, preferred, "TPP-Redirect-URI");
    }

    /** TPP-Nok-Redirect-URI, or null. */
    String nokUri() {
        return HeaderRules.redirectUri(nokRedirectUri, false, "TPP-Nok-Redirect-URI");
    }
}
