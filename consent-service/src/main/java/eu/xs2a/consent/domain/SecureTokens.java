package eu.xs2a.consent.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/** Opaque, unguessable identifiers and one-time tokens (192 random bits, base64url). */
public final class SecureTokens {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int BYTES = 24;

    private SecureTokens() {
    }

    public static String next() {
        byte[] bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * The consent tables store a token only as this hash, so a read of them does not yield a usable link. (The 201
     * answer kept for a retried create, in the replay store, holds the link in clear for the replay window; the link
     * itself works once, for {@code consent.sca-link-ttl}.)
     */
    public static String sha256Hex(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
