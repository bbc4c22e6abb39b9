package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.ScaPreferences;
import eu.xs2a.consent.domain.ScaRedirect;
import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.security.quarkus.PsuContextHeaders;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.HeaderParam;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The SCA headers of a consent's creation, AIS or confirmation of funds (a {@code @BeanParam}, so that both creations
 * declare and document them once); their rules are {@link ScaHeaders}'.
 */
public record ConsentCreationHeaders(
        @Parameter(description = "true: an embedded or decoupled consent comes with startAuthorisation"
                + " (startAuthorisationWithPsuAuthentication for embedded) and no authorisation; the TPP starts it"
                + " with POST …/authorisations. A redirect consent overrules it.",
                schema = @Schema(enumeration = {"true", "false"}))
        @HeaderParam("TPP-Explicit-Authorisation-Preferred") String explicitPreferred,
        @Parameter(required = true, description = "true or false (else BadRequest); false: the bank chooses the"
                + " approach for the PSU (embedded or decoupled where the provider offers them)",
                schema = @Schema(enumeration = {"true", "false"}))
        @HeaderParam("TPP-Redirect-Preferred") String redirectPreferred,
        @Parameter(description = "where the PSU returns after SCA: absolute https URI (http only for localhost), no"
                + " fragment, at most 500 characters, signed; required when TPP-Redirect-Preferred is true")
        @HeaderParam("TPP-Redirect-URI") String redirectUri,
        @Parameter(description = "where the PSU returns after a failed SCA (default: TPP-Redirect-URI)")
        @HeaderParam("TPP-Nok-Redirect-URI") String nokRedirectUri,
        @Parameter(description = "the PSU's login at the bank, at most 50 characters; signed when sent")
        @HeaderParam("PSU-ID") String psuId,
        @Parameter(description = "the PSU's IP address; optional at a consent's creation, checked when sent")
        @HeaderParam("PSU-IP-Address") String psuIpAddress,
        @BeanParam PsuContextHeaders psuHeaders) {

    /** TPP-Redirect-Preferred, the redirect URIs and PSU-ID, checked (BadRequest, FormatError). */
    ScaRedirect redirect() {
        return ScaHeaders.read(redirectPreferred, redirectUri, nokRedirectUri, psuId);
    }

    /** PSU-IP-Address and the rest of the PSU's context, each checked when sent (FormatError), for the bank. */
    PsuContext psuContext() {
        return psuHeaders.withIpAddressHeader(psuIpAddress);
    }

    /** The approach preferences, once {@link #redirect} has checked TPP-Redirect-Preferred. */
    ScaPreferences preferences() {
        return ScaHeaders.preferences(redirectPreferred, explicitPreferred);
    }
}
