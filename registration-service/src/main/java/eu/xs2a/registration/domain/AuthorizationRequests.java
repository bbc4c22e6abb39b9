package eu.xs2a.registration.domain;

import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.registration.config.OAuthConfig;
import eu.xs2a.registration.persistence.OAuthClientRepository;
import eu.xs2a.registration.persistence.OAuthGrantRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The stored side of the authorize step, each a short transaction between the bank calls of
 * {@link AuthorizationService}: the client of a request, the request while the PSU is at the bank, and its code.
 */
@ApplicationScoped
public class AuthorizationRequests {

    /** A request ended by the PSU: the code for an approved login, or null for a denied one. */
    public record Ended(OAuthAuthorizationRequest request, String code) {
    }

    @Inject OAuthClientRepository clients;
    @Inject OAuthGrantRepository grants;
    @Inject OAuthConfig config;
    @Inject Clock clock;

    /**
     * The client of an authorize request and its redirect URI, exactly as registered. Until both are known nothing
     * may be sent to the redirect URI (RFC 6749 section 4.1.2.1), so these refusals are a page for the PSU.
     */
    @Transactional
    public OAuthClient client(String clientId, String redirectUri) {
        if (clientId == null || clientId.isEmpty()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "The request names no client (client_id)");
        }
        OAuthClient client = clients.ofSentId(clientId).orElseThrow(() -> new Psd2Exception(
                ErrorClass.FORMAT_ERROR, "The request names a client this bank does not know"));
        if (redirectUri == null || !OAuthClient.split(client.redirectUris).contains(redirectUri)) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR,
                    "The request's redirect_uri is not one the client registered");
        }
        return client;
    }

    /** Keeps a request while the PSU logs in at the bank; returns the callback link's token. */
    @Transactional
    public String await(String providerCode, OAuthClient client, String redirectUri, String scope, String state,
                        String codeChallenge, String bankLoginId, String link) {
        OAuthAuthorizationRequest request = new OAuthAuthorizationRequest();
        request.linkHash = SecureTokens.sha256Hex(link);
        request.providerCode = providerCode;
        request.clientId = client.clientId;
        request.redirectUri = redirectUri;
        request.scope = scope;
        request.state = state;
        request.codeChallenge = codeChallenge;
        request.bankLoginId = bankLoginId;
        request.expiresAt = clock.instant().plus(config.loginLifetime());
        request.used = false;
        grants.persist(request);
        return link;
    }

    /** The request a callback link belongs to, while it is unused and not expired. */
    @Transactional
    public OAuthAuthorizationRequest pending(String providerCode, String link) {
        return usable(providerCode, link, grants.request(SecureTokens.sha256Hex(link)));
    }

    /** Ends the request once: a code bound to client, redirect URI, challenge and PSU when the login was approved. */
    @Transactional
    public Ended end(String providerCode, String link, String psuIdOrNull) {
        OAuthAuthorizationRequest request = usable(providerCode, link,
                grants.requestForUpdate(SecureTokens.sha256Hex(link)));
        request.used = true;
        if (psuIdOrNull == null) {
            return new Ended(request, null);
        }
        String code = SecureTokens.random(TokenService.TOKEN_BYTES);
        OAuthCode row = new OAuthCode();
        row.codeHash = SecureTokens.sha256Hex(code);
        row.familyId = UUID.randomUUID();
        row.providerCode = providerCode;
        row.clientId = request.clientId;
        row.redirectUri = request.redirectUri;
        row.scope = request.scope;
        row.codeChallenge = request.codeChallenge;
        row.psuId = psuIdOrNull;
        row.bankLoginId = ResourceScopes.of(request.scope).isPresent() ? request.bankLoginId : null;
        row.expiresAt = clock.instant().plus(config.codeLifetime());
        grants.persist(row);
        return new Ended(request, code);
    }

    private OAuthAuthorizationRequest usable(String providerCode, String link,
                                             Optional<OAuthAuthorizationRequest> found) {
        Instant now = clock.instant();
        return found.filter(r -> r.providerCode.equals(providerCode) && !r.used && now.isBefore(r.expiresAt))
                .orElseThrow(() -> new Psd2Exception(ErrorClass.FORMAT_ERROR, "This link has expired or was used "
                        + "already. Go back to the app you came from and start again."));
    }
}
