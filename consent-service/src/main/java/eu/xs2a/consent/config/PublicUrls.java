package eu.xs2a.consent.config;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The paths the gateway shows: {@code _links} are paths with the provider prefix; scaRedirect and the bank's
 * return URL are absolute, on psd2.public-base-url (the ingress as the PSU's browser sees it).
 */
@ApplicationScoped
public class PublicUrls {

    private static final String AIS = "/v1/consents/";
    private static final String PIIS = "/v2/consents/confirmation-of-funds/";

    private final String publicBaseUrl;

    public PublicUrls(@ConfigProperty(name = "psd2.public-base-url", defaultValue = "http://localhost:8080")
                      String publicBaseUrl) {
        this.publicBaseUrl = publicBaseUrl.endsWith("/")
                ? publicBaseUrl.substring(0, publicBaseUrl.length() - 1) : publicBaseUrl;
    }

    /** e.g. {@code /sandbox/api/berlingroup/v1/consents/{id}} or the v2 confirmation-of-funds path. */
    public String consentPath(String providerCode, boolean ais, String consentId) {
        return "/" + providerCode + "/api/berlingroup" + (ais ? AIS : PIIS) + consentId;
    }

    /** The consent's authorisation sub-resources, where the TPP starts one explicitly. */
    public String authorisationsPath(String providerCode, boolean ais, String consentId) {
        return consentPath(providerCode, ais, consentId) + "/authorisations";
    }

    public String authorisationPath(String providerCode, boolean ais, String consentId, String authorisationId) {
        return authorisationsPath(providerCode, ais, consentId) + "/" + authorisationId;
    }

    /** The one-time link the TPP sends the PSU's browser to. */
    public String scaRedirect(String providerCode, boolean ais, String consentId, String authorisationId, String token) {
        return publicBaseUrl + authorisationPath(providerCode, ais, consentId, authorisationId) + "/sca-redirect/" + token;
    }

    /**
     * The OAuth SCA approach's link (scaOAuth): the provider's OAuth server metadata, where the TPP finds the authorize
     * and token endpoints (docs/ARCHITECTURE.md "OAuth SCA approach").
     */
    public String scaOAuth(String providerCode) {
        return publicBaseUrl + "/" + providerCode + "/oauth/.well-known/oauth-authorization-server";
    }

    /** Where the bank sends the PSU's browser back to (the bank's returnUrl). */
    public String scaCallback(String providerCode, boolean ais, String consentId, String authorisationId, String state) {
        return publicBaseUrl + authorisationPath(providerCode, ais, consentId, authorisationId) + "/sca-callback/" + state;
    }

    /** e.g. {@code /sandbox/api/berlingroup/v1/signing-baskets/{id}}. */
    public String basketPath(String providerCode, String basketId) {
        return "/" + providerCode + "/api/berlingroup/v1/signing-baskets/" + basketId;
    }

    public String basketAuthorisationPath(String providerCode, String basketId, String authorisationId) {
        return basketPath(providerCode, basketId) + "/authorisations/" + authorisationId;
    }

    /** The one-time link of a basket's authorisation. */
    public String basketScaRedirect(String providerCode, String basketId, String authorisationId, String token) {
        return publicBaseUrl + basketAuthorisationPath(providerCode, basketId, authorisationId) + "/sca-redirect/" + token;
    }

    /** Where the bank sends the PSU's browser back to after a basket's SCA. */
    public String basketScaCallback(String providerCode, String basketId, String authorisationId, String state) {
        return publicBaseUrl + basketAuthorisationPath(providerCode, basketId, authorisationId) + "/sca-callback/" + state;
    }
}
