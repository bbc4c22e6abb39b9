package eu.xs2a.payment.domain;

import eu.xs2a.payment.config.PaymentConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Paths and URLs of payment resources. TPP-facing links are paths with the provider prefix; the two URLs a
 * browser follows (the scaRedirect link, the bank's return URL) are absolute on the public base URL.
 */
@ApplicationScoped
public class PaymentUrls {

    /** The Berlin Group payment services of the paths: single, bulk and periodic payments. */
    public static final String PAYMENTS = "payments";
    public static final String BULK = "bulk-payments";
    public static final String PERIODIC_PAYMENTS = "periodic-payments";

    static final String SCA_REDIRECT = "sca-redirect";
    static final String SCA_CALLBACK = "sca-callback";

    @Inject PaymentConfig config;

    public static String product(String providerCode, String paymentProduct) {
        return "/" + providerCode + "/api/berlingroup/v1/payments/" + paymentProduct;
    }

    public static String payment(Payment payment) {
        return "/" + payment.providerCode() + "/api/berlingroup/v1/" + payment.paymentService() + "/"
                + payment.paymentProduct() + "/" + payment.resourceId();
    }

    public static String status(Payment payment) {
        return payment(payment) + "/status";
    }

    public static String authorisations(Payment payment, AuthorisationKind kind) {
        return payment(payment) + (kind == AuthorisationKind.PAYMENT ? "/authorisations" : "/cancellation-authorisations");
    }

    public static String authorisation(Payment payment, PaymentAuthorisation authorisation) {
        return authorisations(payment, authorisation.kind()) + "/" + authorisation.id();
    }

    /** The one-time link the TPP sends the PSU's browser to (it redirects on to the bank's page). */
    public String scaRedirect(Payment payment, PaymentAuthorisation authorisation, String token) {
        return config.publicBaseUrl() + authorisation(payment, authorisation) + "/" + SCA_REDIRECT + "?token=" + token;
    }

    /**
     * The OAuth SCA approach's link (scaOAuth): the provider's OAuth server metadata, where the TPP finds the authorize
     * and token endpoints (docs/ARCHITECTURE.md "OAuth SCA approach").
     */
    public String scaOAuth(Payment payment) {
        return config.publicBaseUrl() + "/" + payment.providerCode() + "/oauth/.well-known/oauth-authorization-server";
    }

    /** Where the bank sends the PSU's browser back to after SCA; {@code state} proves the bank sent it there. */
    public String callback(Payment payment, String state) {
        return config.publicBaseUrl() + payment(payment) + "/" + SCA_CALLBACK + "?state=" + state;
    }
}
