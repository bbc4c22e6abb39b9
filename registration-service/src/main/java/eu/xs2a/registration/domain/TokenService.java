package eu.xs2a.registration.domain;

import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.registration.config.OAuthConfig;
import eu.xs2a.registration.persistence.OAuthGrantRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * The token endpoint's grants (RFC 6749 sections 4.1.3, 4.4, 6) and revocation (RFC 7009) for an authenticated
 * client. A refusal that must outlive the request (a reused code or refresh token revokes its family) commits:
 * {@link OAuthException} does not roll the transaction back, and nothing is written before a refusal otherwise.
 */
@ApplicationScoped
public class TokenService {

    public static final String CLIENT_CREDENTIALS = "client_credentials";
    public static final String AUTHORIZATION_CODE = "authorization_code";
    public static final String REFRESH_TOKEN = "refresh_token";
    /** 256 bits, as the other link tokens of the gateway. */
    static final int TOKEN_BYTES = SecureTokens.LINK_BYTES;

    private static final Logger LOG = Logger.getLogger(TokenService.class);

    /** A token answer (RFC 6749 section 5.1); {@code refreshToken} null when none is issued. */
    public record Tokens(String accessToken, long expiresIn, String scope, String refreshToken) {
    }

    @Inject OAuthGrantRepository grants;
    @Inject AccessTokens accessTokens;
    @Inject OAuthConfig config;
    @Inject Clock clock;

    @Transactional(dontRollbackOn = OAuthException.class)
    public Tokens grant(String providerCode, OAuthClient client, OAuthForm form) {
        String grantType = form.require("grant_type");
        return switch (grantType) {
            case CLIENT_CREDENTIALS -> clientCredentials(providerCode, client, form);
            case AUTHORIZATION_CODE -> authorizationCode(providerCode, client, form);
            case REFRESH_TOKEN -> refresh(providerCode, client, form);
            default -> throw new OAuthException(OAuthError.UNSUPPORTED_GRANT_TYPE, "grant_type '" + grantType
                    + "' is not supported: client_credentials, authorization_code or refresh_token");
        };
    }

    private Tokens clientCredentials(String providerCode, OAuthClient client, OAuthForm form) {
        requireGrantType(client, CLIENT_CREDENTIALS);
        String scope = scope(form, OAuthClient.split(client.scope));
        AccessTokens.Issued issued = accessTokens.issue(providerCode, client, scope, null);
        return new Tokens(issued.token(), issued.expiresIn(), scope, null);
    }

    /**
     * The bank login to finalise before an authorization code is exchanged (the OAuth SCA approach: its scope names
     * a consent or payment), after every check of the exchange; empty for any other grant or code. Nothing is
     * consumed: {@link #grant} checks again and exchanges, after the caller asked the bank (outside a transaction).
     */
    @Transactional(dontRollbackOn = OAuthException.class)
    public java.util.Optional<String> bankLoginToRedeem(String providerCode, OAuthClient client, OAuthForm form) {
        if (!form.get("grant_type").filter(AUTHORIZATION_CODE::equals).isPresent()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.ofNullable(usableCode(providerCode, client, form, clock.instant()).bankLoginId);
    }

    private Tokens authorizationCode(String providerCode, OAuthClient client, OAuthForm form) {
        Instant now = clock.instant();
        OAuthCode code = usableCode(providerCode, client, form, now);
        code.usedAt = now;
        return psuTokens(providerCode, client, code.scope, code.psuId, code.familyId, now);
    }

    /** The presented code, locked, when the exchange may go ahead; a reused one revokes its family. */
    private OAuthCode usableCode(String providerCode, OAuthClient client, OAuthForm form, Instant now) {
        requireGrantType(client, AUTHORIZATION_CODE);
        String presented = form.require("code");
        String redirectUri = form.require("redirect_uri");
        String verifier = form.require("code_verifier");
        OAuthCode code = grants.codeForUpdate(SecureTokens.sha256Hex(presented))
                .filter(c -> c.clientId.equals(client.clientId) && c.providerCode.equals(providerCode))
                .orElseThrow(() -> invalidGrant("The code is unknown, or was issued to another client or provider"));
        if (code.usedAt != null) {
            int revoked = grants.revokeFamily(code.familyId, now);
            LOG.infof("Code of client %s presented again: %d refresh token(s) of its grant revoked", client.clientId,
                    revoked);
            throw invalidGrant("The code was used before; the tokens issued for it are revoked");
        }
        if (!now.isBefore(code.expiresAt)) {
            throw invalidGrant("The code has expired");
        }
        if (!redirectUri.equals(code.redirectUri)) {
            throw invalidGrant("redirect_uri is not the one of the authorization request");
        }
        if (!Pkce.verifies(verifier, code.codeChallenge)) {
            throw invalidGrant("code_verifier does not match the code_challenge (S256)");
        }
        return code;
    }

    private Tokens refresh(String providerCode, OAuthClient client, OAuthForm form) {
        requireGrantType(client, REFRESH_TOKEN);
        String presented = form.require("refresh_token");
        Instant now = clock.instant();
        OAuthRefreshToken token = grants.refreshTokenForUpdate(SecureTokens.sha256Hex(presented))
                .filter(t -> t.clientId.equals(client.clientId) && t.providerCode.equals(providerCode))
                .orElseThrow(() -> invalidGrant("The refresh token is unknown, or was issued to another client or "
                        + "provider"));
        if (token.revokedAt != null) {
            throw invalidGrant("The refresh token is revoked");
        }
        if (token.rotatedAt != null) {
            int revoked = grants.revokeFamily(token.familyId, now);
            LOG.infof("A used refresh token of client %s presented again: its grant's %d refresh token(s) revoked",
                    client.clientId, revoked);
            throw invalidGrant("The refresh token was used before; every token of this grant is revoked");
        }
        if (!now.isBefore(token.expiresAt)) {
            throw invalidGrant("The refresh token has expired");
        }
        String scope = scope(form, OAuthClient.split(token.scope));
        token.rotatedAt = now;
        return psuTokens(providerCode, client, scope, token.psuId, token.familyId, now);
    }

    /** An access token of the PSU and, when the client may refresh, a new refresh token of the same family. */
    private Tokens psuTokens(String providerCode, OAuthClient client, String scope, String psuId, UUID familyId,
                             Instant now) {
        AccessTokens.Issued issued = accessTokens.issue(providerCode, client, scope, psuId);
        String refresh = null;
        if (OAuthClient.split(client.grantTypes).contains(REFRESH_TOKEN)) {
            refresh = SecureTokens.random(TOKEN_BYTES);
            OAuthRefreshToken row = new OAuthRefreshToken();
            row.tokenHash = SecureTokens.sha256Hex(refresh);
            row.familyId = familyId;
            row.providerCode = providerCode;
            row.clientId = client.clientId;
            row.scope = scope;
            row.psuId = psuId;
            row.expiresAt = now.plus(config.refreshTokenLifetime());
            grants.persist(row);
        }
        return new Tokens(issued.token(), issued.expiresIn(), scope, refresh);
    }

    /**
     * Revokes a refresh token and every token of its grant (RFC 7009). An unknown token, or one of another client,
     * changes nothing and is answered as a success, as the RFC says; an access token is a short-lived JWT that is
     * not kept, so it cannot be revoked ({@code unsupported_token_type}).
     */
    @Transactional(dontRollbackOn = OAuthException.class)
    public void revoke(String providerCode, OAuthClient client, OAuthForm form) {
        String presented = form.require("token");
        String hint = form.get("token_type_hint").orElse(REFRESH_TOKEN);
        if (!hint.equals(REFRESH_TOKEN) && !hint.equals("access_token")) {
            throw new OAuthException(OAuthError.UNSUPPORTED_TOKEN_TYPE, "token_type_hint '" + hint
                    + "' is not supported: refresh_token or access_token");
        }
        var found = grants.refreshTokenForUpdate(SecureTokens.sha256Hex(presented))
                .filter(t -> t.clientId.equals(client.clientId) && t.providerCode.equals(providerCode));
        if (found.isPresent()) {
            grants.revokeFamily(found.get().familyId, clock.instant());
            return;
        }
        if (presented.chars().filter(c -> c == '.').count() == 2) {
            throw new OAuthException(OAuthError.UNSUPPORTED_TOKEN_TYPE, "Access tokens are short-lived JWTs and are "
                    + "not revoked one by one: revoke the refresh token, which ends the grant");
        }
    }

    /** The requested scope, each value one the grant allows; absent: all of them. */
    static String scope(OAuthForm form, List<String> allowed) {
        if (form.get("scope").isEmpty()) {
            return String.join(" ", allowed);
        }
        return scope(form.get("scope").get(), allowed);
    }

    /** The requested scope (space separated), each value one of {@code allowed}; duplicates dropped. */
    static String scope(String requested, List<String> allowed) {
        Set<String> values = new LinkedHashSet<>(OAuthClient.split(requested));
        for (String value : values) {
            if (!allowed.contains(value)) {
                throw new OAuthException(OAuthError.INVALID_SCOPE, "scope '" + ErrorTexts.shown(value)
                        + "' is not granted: " + String.join(" ", allowed));
            }
        }
        return String.join(" ", values);
    }

    static void requireGrantType(OAuthClient client, String grantType) {
        if (!OAuthClient.split(client.grantTypes).contains(grantType)) {
            throw new OAuthException(OAuthError.UNAUTHORIZED_CLIENT, "The client is not registered for the grant "
                    + "type " + grantType);
        }
    }

    private static OAuthException invalidGrant(String message) {
        return new OAuthException(OAuthError.INVALID_GRANT, message);
    }
}
