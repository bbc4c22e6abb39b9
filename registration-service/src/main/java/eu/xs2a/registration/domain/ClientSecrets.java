package eu.xs2a.registration.domain;

import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.registration.persistence.OAuthClientRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * {@code client_secret_basic}: HTTP Basic with a client's id and secret, checked against the secret's stored hash in
 * constant time. The certificate endpoint and the OAuth token endpoints use it; anything wrong is AccessDenied (401),
 * which the OAuth endpoints answer as {@code invalid_client}.
 */
@ApplicationScoped
public class ClientSecrets {

    private static final String BASIC = "basic ";

    @Inject OAuthClientRepository clients;

    /** Whether an Authorization header carries Basic credentials at all. */
    public static boolean isBasic(String authorization) {
        return authorization != null && authorization.regionMatches(true, 0, BASIC, 0, BASIC.length());
    }

    /** The client whose id and secret the header carries. */
    public OAuthClient authenticate(String authorization) {
        if (!isBasic(authorization)) {
            throw denied("HTTP Basic authentication with the client_id and client_secret (client_secret_basic), or a "
                    + "client_assertion (private_key_jwt), is required");
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(authorization.substring(BASIC.length()).trim()),
                    StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw denied("The Basic credentials are not base64");
        }
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            throw denied("The Basic credentials must be client_id:client_secret");
        }
        String clientId = decoded.substring(0, colon);
        String secret = decoded.substring(colon + 1);
        return clients.ofSentId(clientId)
                .filter(c -> SecureTokens.matches(secret, c.clientSecretHash))
                .orElseThrow(() -> denied("Unknown client_id or wrong client_secret"));
    }

    private static Psd2Exception denied(String message) {
        return new Psd2Exception(ErrorClass.CREDENTIALS_INVALID, message);
    }
}
