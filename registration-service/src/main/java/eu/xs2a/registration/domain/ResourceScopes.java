package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.ErrorTexts;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The scopes of the OAuth SCA approach (docs/ARCHITECTURE.md "OAuth SCA approach"): {@code AIS:<consentId>} (a
 * client registered for {@code accounts}) and {@code PIS:<paymentId>} (for {@code payments}) name the one consent or
 * payment the PSU approves at the bank; one per request, asked only at the authorize step.
 */
public final class ResourceScopes {

    /** A gateway resource id as the services make them (base64url), within the bank's idempotency key's width. */
    private static final Pattern RESOURCE = Pattern.compile("(AIS|PIS):[A-Za-z0-9_-]{1,100}");

    private ResourceScopes() {
    }

    /** The one resource scope among {@code scope}'s values, if any. */
    public static Optional<String> of(String scope) {
        return OAuthClient.split(scope).stream().filter(v -> RESOURCE.matcher(v).matches()).findFirst();
    }

    /**
     * The scope of an authorize request: the client's registered scopes as {@link TokenService#scope}, plus at most one
     * resource scope its registration allows, at a provider with the OAuth SCA approach ({@code oauthSca}) only: at
     * another, a PSU's login would authorise a consent or payment the provider authorises by its SCA alone.
     */
    static String authorizeScope(String requested, List<String> allowed, boolean oauthSca) {
        List<String> plain = new ArrayList<>();
        String resource = null;
        for (String value : OAuthClient.split(requested)) {
            if (!RESOURCE.matcher(value).matches()) {
                plain.add(value);
                continue;
            }
            if (!oauthSca) {
                throw new OAuthException(OAuthError.INVALID_SCOPE, "scope '" + ErrorTexts.shown(value)
                        + "' is taken only at a provider with the OAuth SCA approach; this one authorises consents and"
                        + " payments by their own SCA");
            }
            String needs = value.startsWith("AIS:") ? "accounts" : "payments";
            if (!allowed.contains(needs)) {
                throw new OAuthException(OAuthError.INVALID_SCOPE, "scope '" + ErrorTexts.shown(value)
                        + "' needs the client to be registered for '" + needs + "'");
            }
            if (resource != null && !resource.equals(value)) {
                throw new OAuthException(OAuthError.INVALID_SCOPE, "one consent or payment per authorization: "
                        + resource + " and " + value);
            }
            resource = value;
        }
        String rest = plain.isEmpty() ? "" : TokenService.scope(String.join(" ", plain), allowed);
        if (resource == null) {
            return rest;
        }
        return rest.isEmpty() ? resource : rest + " " + resource;
    }
}
