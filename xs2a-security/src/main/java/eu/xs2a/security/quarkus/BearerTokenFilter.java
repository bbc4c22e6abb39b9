package eu.xs2a.security.quarkus;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.provider.ProvidersConfig;
import eu.xs2a.security.oauth.AccessTokenVerifier;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/**
 * The OAuth access tokens a provider asks for (docs/ARCHITECTURE.md "OAuth SCA approach"), checked after the
 * signature pipeline ({@link SignatureFilter}, so the QSEAL and signature checks stay first) and before the
 * resource: with {@code oauth-pre-step} every Berlin Group call of the provider needs a PSU's token issued to the
 * calling TPP; with {@code oauth-sca} a call naming a consent ({@code Consent-ID}: account data, funds
 * confirmation) needs a token whose scope holds {@code AIS:<consentId>}. Other providers and paths pass untouched.
 */
@Signed
@Provider
@Priority(Priorities.AUTHENTICATION + 10)
public class BearerTokenFilter implements ContainerRequestFilter {

    static final String CONSENT_ID = "Consent-ID";

    @Inject ProviderRegistry providers;
    @Inject AccessTokens tokens;
    @Inject CurrentTpp currentTpp;

    @Override
    public void filter(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        String[] segments = path.startsWith("/") ? path.substring(1).split("/", 3) : path.split("/", 3);
        if (segments.length < 2 || !"api".equals(segments[1]) || !providers.codes().contains(segments[0])) {
            return;
        }
        String providerCode = segments[0];
        ProvidersConfig.Provider provider = providers.require(providerCode);
        String consentId = request.getHeaderString(CONSENT_ID);
        boolean scaToken = provider.oauthSca() && consentId != null && !consentId.isBlank();
        if (!provider.oauthPreStep() && !scaToken) {
            return;
        }
        AccessTokenVerifier.AccessToken token = tokens.verifier().verify(
                request.getHeaderString(HttpHeaders.AUTHORIZATION), providerCode, currentTpp.tppId());
        if (!token.ofPsu()) {
            throw new Psd2Exception(ErrorClass.TOKEN_INVALID, "The access token is the client's own (client "
                    + "credentials): these calls need a PSU's token (authorization code flow)");
        }
        if (scaToken && !token.scope().contains("AIS:" + consentId.strip())) {
            throw new Psd2Exception(ErrorClass.TOKEN_INVALID, "The access token does not cover consent "
                    + consentId.strip() + ": its scope must hold AIS:" + consentId.strip());
        }
    }
}
