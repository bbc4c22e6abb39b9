package eu.xs2a.payment.api;

import eu.xs2a.payment.domain.BulkOrder;
import eu.xs2a.payment.domain.NewPayment;
import eu.xs2a.payment.domain.PaymentOrder;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.security.tpp.TppIdentity;
import jakarta.ws.rs.HeaderParam;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/** The request headers of a payment initiation, the same for single, periodic and bulk payments. */
public record InitiationHeaders(
        @Parameter(hidden = true) @HeaderParam("Content-Type") String contentType,
        @Parameter(required = true, description = "IP address of the PSU's device (IPv4 or IPv6, at most 140"
                + " characters)")
        @HeaderParam("PSU-IP-Address") String psuIpAddress,
        @Parameter(description = "the PSU's login at the bank (at most 50 characters; signed when sent)")
        @HeaderParam("PSU-ID") String psuId,
        @Parameter(description = "true (default) or false: false lets the bank choose the approach for the PSU"
                + " (embedded or decoupled)", schema = @Schema(enumeration = {"true", "false"}))
        @HeaderParam("TPP-Redirect-Preferred") String redirectPreferred,
        @Parameter(description = "where the PSU returns after SCA: absolute https URI, at most 500 characters,"
                + " signed; required unless TPP-Redirect-Preferred is false")
        @HeaderParam("TPP-Redirect-URI") String redirectUri,
        @Parameter(description = "where the PSU returns after a failed SCA (default: TPP-Redirect-URI)")
        @HeaderParam("TPP-Nok-Redirect-URI") String nokRedirectUri,
        @Parameter(description = "true: no authorisation is started; the TPP starts it with POST …/authorisations"
                + " (default false)", schema = @Schema(enumeration = {"true", "false"}))
        @HeaderParam("TPP-Explicit-Authorisation-Preferred") String explicitPreferred) {

    /** The headers checked, each refusal the header's own error. */
    Checked checked() {
        boolean redirect = HeaderRules.flag(redirectPreferred, true, "TPP-Redirect-Preferred");
        boolean explicit = HeaderRules.flag(explicitPreferred, false, "TPP-Explicit-Authorisation-Preferred");
        String ip = HeaderRules.psuIpAddress(psuIpAddress);
        String psu = HeaderRules.psuId(psuId);
        String okUri = HeaderRules.redirectUri(redirectUri, redirect, "TPP-Redirect-URI");
        String nokUri = HeaderRules.redirectUri(nokRedirectUri, false, "TPP-Nok-Redirect-URI");
        return new Checked(psu, ip, okUri, nokUri, explicit, redirect);
    }

    /** The checked header values. */
    record Checked(String psuId, String psuIpAddress, String redirectUri, String nokRedirectUri,
                   boolean explicitAuthorisation, boolean redirectPreferred) {

        /** The initiation request of {@code order} (the bulk's first entry for a bulk). */
        NewPayment payment(String providerCode, String paymentProduct, TppIdentity tpp, PaymentOrder order,
                           BulkOrder bulk, NotificationRequest notification) {
            return new NewPayment(providerCode, paymentProduct, tpp.tppId(), tpp.name(), order, psuId, psuIpAddress,
                    redirectUri, nokRedirectUri, explicitAuthorisation, redirectPreferred, bulk, notification);
        }
    }
}
