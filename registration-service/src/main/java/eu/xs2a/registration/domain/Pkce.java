package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.ErrorTexts;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * PKCE (RFC 7636), S256 only: {@code plain} would hand the verifier to whoever sees the authorize request, so it
 * is neither offered nor accepted. A challenge is the base64url SHA-256 of a verifier of 43 to 128 unreserved
 * characters.
 */
public final class Pkce {

    public static final String S256 = "S256";
    private static final Pattern VERIFIER = Pattern.compile("[A-Za-z0-9._~-]{43,128}");
    private static final Pattern CHALLENGE = Pattern.compile("[A-Za-z0-9_-]{43}");

    private Pkce() {
    }

    /** Checks an authorize request's challenge and method; returns the challenge. */
    public static String challenge(String challenge, String method) {
        if (challenge == null || challenge.isEmpty()) {
            throw new OAuthException(OAuthError.INVALID_REQUEST, "code_challenge is required (PKCE, RFC 7636, S256)");
        }
        if (!S256.equals(method)) {
            throw new OAuthException(OAuthError.INVALID_REQUEST, "code_challenge_method must be S256"
                    + (method == null ? " (it defaults to plain, which is not accepted)"
                    : ", not '" + ErrorTexts.shown(method) + "'"));
        }
        if (!CHALLENGE.matcher(challenge).matches()) {
            throw new OAuthException(OAuthError.INVALID_REQUEST,
                    "code_challenge must be the base64url SHA-256 of the code_verifier (43 characters, no padding)");
        }
        return challenge;
    }

    /** Whether the token request's verifier is the one the challenge was made of. */
    public static boolean verifies(String verifier, String challenge) {
        if (verifier == null || !VERIFIER.matcher(verifier).matches()) {
            return false;
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            String computed = Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
            return MessageDigest.isEqual(computed.getBytes(StandardCharsets.US_ASCII),
                    challenge.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
