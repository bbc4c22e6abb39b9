package eu.xs2a.registration.domain;

import eu.xs2a.registration.config.RegistrationConfig;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The public URLs of a provider's OAuth server, under the gateway's public base URL as TPPs and browsers reach it
 * (the ingress routes {@code /{provider_code}/oauth} here): the issuer and each endpoint. An access token's
 * {@code aud} is the provider's XS2A API, {@code /{provider_code}}.
 */
@ApplicationScoped
public class OAuthEndpoints {

    /** Where the routes start: {@code /{provider_code}} + this. */
    public static final String PATH = "/oauth";
    public static final String TOKEN = "/token";
    public static final String AUTHORIZE = "/authorize";
    public static final String REVOKE = "/revoke";
    public static final String JWKS = "/jwks";
    public static final String CALLBACK = "/callback";

    private final String base;

    public OAuthEndpoints(RegistrationConfig config) {
        String url = config.publicBaseUrl();
        this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    public String issuer(String providerCode) {
        return base + "/" + providerCode + PATH;
    }

    public String token(String providerCode) {
        return issuer(providerCode) + TOKEN;
    }

    public String authorize(String providerCode) {
        return issuer(providerCode) + AUTHORIZE;
    }

    public String revocation(String providerCode) {
        return issuer(providerCode) + REVOKE;
    }

    public String jwks(String providerCode) {
        return issuer(providerCode) + JWKS;
    }

    /** Where the bank's login page sends the PSU back to, with the link token. */
    public String callback(String providerCode) {
        return issuer(providerCode) + CALLBACK;
    }

    /** Open-banking dynamic client registration, where the clients come from (global, not per provider). */
    public String registration() {
        return base + "/api/open-banking/v3.1/tpp/register";
    }

    /** The audience of the provider's access tokens: its XS2A API. */
    public String audience(String providerCode) {
        return base + "/" + providerCode;
    }
}
