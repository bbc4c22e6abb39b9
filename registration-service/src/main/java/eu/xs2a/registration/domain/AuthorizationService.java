package eu.xs2a.registration.domain;

import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.registration.aspsp.BankLoginApi;
import eu.xs2a.registration.aspsp.BankLogins;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.UriBuilder;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The authorize step (RFC 6749 section 4.1 with PKCE): the PSU's browser goes from the TPP to the bank's login and
 * consent page and comes back through the callback, which sends it to the client's redirect URI with a code bound
 * to the client, that redirect URI, the PKCE challenge and the PSU. No transaction is open during a bank call: each
 * stored step is its own ({@link AuthorizationRequests}).
 */
@ApplicationScoped
public class AuthorizationService {

    /** What the TPP's authorize link carries. */
    public record Authorize(String responseType, String clientId, String redirectUri, String scope, String state,
                            String codeChallenge, String codeChallengeMethod) {
    }

    /** The longest state kept and returned (its column). */
    static final int MAX_STATE = 500;

    @Inject ProviderRegistry providers;
    @Inject AuthorizationRequests requests;
    @Inject BankLogins bank;
    @Inject OAuthEndpoints endpoints;

    /**
     * Where the browser goes next: the bank's login page, or back to the client with an error. An unknown client or
     * a redirect URI it did not register is refused with a page, never a redirect.
     */
    public URI start(String providerCode, Authorize authorize) {
        boolean oauthSca = providers.require(providerCode).oauthSca();
        OAuthClient client = requests.client(authorize.clientId(), authorize.redirectUri());
        if (authorize.state() != null && authorize.state().length() > MAX_STATE) {
            return back(providerCode, authorize.redirectUri(), null, Map.of("error", "invalid_request",
                    "error_description", "state is longer than " + MAX_STATE + " characters"));
        }
        String scope;
        String challenge;
        try {
            if (!"code".equals(authorize.responseType())) {
                throw new OAuthException(OAuthError.UNSUPPORTED_RESPONSE_TYPE, "response_type must be code");
            }
            TokenService.requireGrantType(client, TokenService.AUTHORIZATION_CODE);
            scope = authorize.scope() == null || authorize.scope().isBlank()
                    ? client.scope : ResourceScopes.authorizeScope(authorize.scope(), OAuthClient.split(client.scope),
                    oauthSca);
            challenge = Pkce.challenge(authorize.codeChallenge(), authorize.codeChallengeMethod());
        } catch (OAuthException e) {
            return back(providerCode, authorize.redirectUri(), authorize.state(), Map.of("error", e.error().code(),
                    "error_description", e.getMessage()));
        }
        String link = SecureTokens.random(TokenService.TOKEN_BYTES);
        String returnUrl = UriBuilder.fromUri(endpoints.callback(providerCode)).queryParam("link", link).build()
                .toString();
        String tppName = client.clientName != null ? client.clientName : client.tppId;
        BankLoginApi.Login login = bank.create(providerCode, client.tppId, tppName, scope, returnUrl);
        requests.await(providerCode, client, authorize.redirectUri(), scope, authorize.state(), challenge,
                login.loginId(), link);
        return URI.create(login.loginUrl());
    }

    /** The PSU is back from the bank: to the client with a code, or with {@code access_denied}. */
    public URI finish(String providerCode, String link) {
        OAuthAuthorizationRequest pending = requests.pending(providerCode, link);
        BankLoginApi.LoginStatus status = bank.status(providerCode, pending.bankLoginId);
        boolean approved = "approved".equals(status.status()) && status.psuId() != null;
        AuthorizationRequests.Ended ended = requests.end(providerCode, link, approved ? status.psuId() : null);
        OAuthAuthorizationRequest request = ended.request();
        if (ended.code() == null) {
            return back(providerCode, request.redirectUri, request.state, Map.of("error", "access_denied",
                    "error_description", "The PSU did not allow the access"));
        }
        return back(providerCode, request.redirectUri, request.state, Map.of("code", ended.code()));
    }

    /**
     * The OAuth SCA approach: the code of a login that approved a consent or payment is being exchanged, so the bank
     * finalises that approval (its status event tells consent-service or payment-service). No transaction is open.
     * A bank that refuses (the consent or payment no longer awaits it, or the PSU may not approve it) makes the
     * exchange {@code invalid_grant}; one that cannot be reached {@code temporarily_unavailable}.
     */
    public void redeem(String providerCode, String bankLoginId) {
        BankLoginApi.LoginStatus status;
        try {
            status = bank.redeem(providerCode, bankLoginId);
        } catch (eu.xs2a.platform.error.Psd2Exception e) {
            if (e.errorClass() == eu.xs2a.platform.error.ErrorClass.SERVICE_UNAVAILABLE) {
                throw new OAuthException(OAuthError.TEMPORARILY_UNAVAILABLE, "The bank cannot be reached; try again");
            }
            throw new OAuthException(OAuthError.INVALID_GRANT, "The bank did not finalise the PSU's approval: "
                    + e.getMessage());
        }
        if (!"redeemed".equals(status.status())) {
            throw new OAuthException(OAuthError.INVALID_GRANT, "The bank did not finalise the PSU's approval ("
                    + status.status() + ")");
        }
    }

    /** The client's redirect URI with the answer, its state and the issuer (RFC 9207, against mix-up attacks). */
    private URI back(String providerCode, String redirectUri, String state, Map<String, String> answer) {
        Map<String, String> parameters = new LinkedHashMap<>(answer);
        if (state != null) {
            parameters.put("state", state);
        }
        parameters.put("iss", endpoints.issuer(providerCode));
        UriBuilder uri = UriBuilder.fromUri(redirectUri);
        parameters.forEach((name, value) -> uri.queryParam(name, "{" + name + "}"));
        return uri.buildFromMap(parameters);
    }
}
