package eu.xs2a.payment.api;

import eu.xs2a.payment.domain.NewPayment;
import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.security.core.TppBrand;
import eu.xs2a.security.quarkus.PsuContextHeaders;
import eu.xs2a.security.tpp.TppIdentity;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.HeaderParam;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The request headers of a payment initiation, the same for single, periodic and bulk payments, besides the redirect
 * ones ({@link RedirectHeaders}) and the notification ones ({@link NotificationHeaders}): PSU-IP-Address (required)
 * with the rest of the PSU's context, which goes to the bank with the payment, as TPP-Brand-Logging-Information and
 * TPP-Rejection-NoFunds-Preferred do.
 */
public record InitiationHeaders(
        @Parameter(hidden = true) @HeaderParam("Content-Type") String contentType,
        @Parameter(required = true, description = "IP address of the PSU's device (IPv4 or IPv6, at most 140"
                + " characters)")
        @HeaderParam("PSU-IP-Address") String psuIpAddress,
        @Parameter(description = "the PSU's login at the bank (at most 50 characters; signed when sent)")
        @HeaderParam("PSU-ID") String psuId,
        @Parameter(description = "true: no authorisation is started; the TPP starts it with POST …/authorisations"
                + " (default false)", schema = @Schema(enumeration = {"true", "false"}))
        @HeaderParam("TPP-Explicit-Authorisation-Preferred") String explicitPreferred,
        @Parameter(description = "the brand under which the TPP meets the PSU (at most 140 characters): the bank's"
                + " pages name the TPP by it")
        @HeaderParam(TppBrand.HEADER) String tppBrand,
        @Parameter(description = "false: should the funds not cover the payment when the PSU authorised it, the"
                + " bank may wait for them as its online banking does; true: it rejects the payment then (AM04)."
                + " Absent: the bank's choice", schema = @Schema(enumeration = {"true", "false"}))
        @HeaderParam(NO_FUNDS_HEADER) String rejectionNoFundsPreferred,
        @BeanParam PsuContextHeaders psuHeaders) {

    static final String NO_FUNDS_HEADER = "TPP-Rejection-NoFunds-Preferred";

    /** These headers and the redirect ones checked, each refusal the header's own error. */
    Checked checked(RedirectHeaders redirectHeaders) {
        boolean redirect = redirectHeaders.preferred();
        boolean explicit = HeaderRules.flag(explicitPreferred, false, "TPP-Explicit-Authorisation-Preferred");
        String ip = HeaderRules.psuIpAddress(psuIpAddress);
        String psu = HeaderRules.psuId(psuId);
        PsuContext context = psuHeaders.context(ip);
        String okUri = redirectHeaders.okUri(redirect);
        String nokUri = redirectHeaders.nokUri();
        Boolean noFundsRejection = HeaderRules.optionalFlag(rejectionNoFundsPreferred, NO_FUNDS_HEADER);
        return new Checked(psu, context, TppBrand.parse(tppBrand), noFundsRejection, okUri, nokUri, explicit,
                redirect);
    }

    /** The checked header values. */
    record Checked(String psuId, PsuContext psuContext, String tppBrand, Boolean rejectionNoFundsPreferred,
                   String redirectUri, String nokRedirectUri, boolean explicitAuthorisation,
                   boolean redirectPreferred) {

        /** The initiation request of the body read (its order is the bulk's first entry for a bulk). */
        NewPayment payment(String providerCode, String paymentProduct, TppIdentity tpp, InitiationBody read,
                           NotificationRequest notification) {
            return new NewPayment(providerCode, paymentProduct, tpp.tppId(), tpp.name(), read.order(), psuId,
                    psuContext, tppBrand, rejectionNoFundsPreferred, redirectUri, nokRedirectUri,
                    explicitAuthorisation, redirectPreferred, read.bulk(), read.document(), notification);
        }
    }
}
