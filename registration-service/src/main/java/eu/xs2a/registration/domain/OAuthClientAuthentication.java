package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.registration.persistence.OAuthClientRepository;
import eu.xs2a.security.core.BlockedTpps;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.List;

/**
 * Who calls the token and revocation endpoints: {@code client_secret_basic} (HTTP Basic, {@link ClientSecrets}) or
 * {@code private_key_jwt} (a client assertion in the form, RFC 7523, {@link ClientAssertions}: {@code aud} the token
 * endpoint or the issuer, its {@code jti} accepted once), whichever the client registered. Exactly one method per
 * request; {@code client_secret_post} is not offered. Runs, and records an assertion's jti, in its own transaction
 * before the grant's, so a refused grant does not make the assertion usable again.
 */
@ApplicationScoped
public class OAuthClientAuthentication {

    @Inject ClientSecrets secrets;
    @Inject ClientAssertions assertions;
    @Inject OAuthClientRepository clients;
    @Inject OAuthEndpoints endpoints;
    @Inject BlockedTpps blocked;

    @Transactional
    public OAuthClient authenticate(String providerCode, String authorization, OAuthForm form) {
        boolean assertion = form.has("client_assertion") || form.has("client_assertion_type");
        if (form.has("client_secret")) {
            throw invalid("client_secret_post is not supported: send the secret with HTTP Basic (client_secret_basic)");
        }
        if (authorization != null && assertion) {
            throw new OAuthException(OAuthError.INVALID_REQUEST,
                    "Use one client authentication method: HTTP Basic or a client_assertion, not both");
        }
        OAuthClient client;
        if (authorization != null) {
            client = basic(authorization);
        } else if (assertion) {
            client = asserted(providerCode, form);
        } else {
            throw invalid("Client authentication is required: HTTP Basic (client_secret_basic) or a client_assertion "
                    + "(private_key_jwt)");
        }
        if (form.get("client_id").filter(id -> !id.equals(client.clientId)).isPresent()) {
            throw invalid("client_id is not the authenticated client");
        }
        if (blocked.isBlocked(client.tppId)) {
            throw invalid("The client's organisation is blocked by the bank");
        }
        return client;
    }

    private OAuthClient basic(String authorization) {
        if (!ClientSecrets.isBasic(authorization)) {
            throw invalid("The Authorization header must be HTTP Basic with the client_id and client_secret");
        }
        OAuthClient client;
        try {
            client = secrets.authenticate(authorization);
        } catch (Psd2Exception e) {
            throw invalid(e.getMessage());
        }
        if (!ClientMetadataRules.CLIENT_SECRET_BASIC.equals(client.tokenEndpointAuthMethod)) {
            throw invalid("The client is registered with " + client.tokenEndpointAuthMethod);
        }
        return client;
    }

    private OAuthClient asserted(String providerCode, OAuthForm form) {
        String clientId;
        try {
            clientId = assertions.authenticate(form.get("client_assertion_type").orElse(null),
                    form.require("client_assertion"),
                    List.of(endpoints.token(providerCode), endpoints.issuer(providerCode)));
        } catch (Psd2Exception e) {
            throw invalid(e.getMessage());
        }
        return clients.ofSentId(clientId).orElseThrow(() -> invalid("Unknown client_id"));
    }

    private static OAuthException invalid(String message) {
        return new OAuthException(OAuthError.INVALID_CLIENT, message);
    }
}
