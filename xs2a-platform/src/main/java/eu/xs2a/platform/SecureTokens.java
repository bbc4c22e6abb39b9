package eu.xs2a.platform;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Unguessable random tokens (base64url, no padding) and the form they are stored in (SHA-256, hex). A plain hash (no
 * salt, no stretching) is enough because every token is machine-generated with at least 192 random bits, so it cannot
 * be guessed from its hash; a read of the tables therefore yields no usable link, id or secret.
 */
public final class SecureTokens {

    /** 192 bits: consent, basket, payment and authorisation ids and consent-service's SCA link tokens. */
    public static final int ID_BYTES = 24;
    /** 256 bits: payment-service's SCA link tokens and callback states. */
    public static final int LINK_BYTES = 32;

    private static final SecureRandom RANDOM = new SecureRandom();

    private SecureTokens() {
    }

    /** A new token of {@code bytes} random bytes; the length is part of the token's format, so callers keep theirs. */
    public static String random(int bytes) {
        byte[] token = new byte[bytes];
        RANDOM.nextBytes(token);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(token);
    }

    /** The stored form of a token. */
    public static String sha256Hex(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /**
     * Whether a presented token is the one a stored hash was made of, compared in constant time so that the time of
     * a failed check does not tell how much of the hash matched; false if either is missing.
     */
    public static boolean matches(String presented, String storedHash) {
        if (presented == null || storedHash == null) {
            return false;
        }
        return MessageDigest.isEqual(sha256Hex(presented).getBytes(StandardCharsets.US_ASCII),
                storedHash.getBytes(StandardCharsets.US_ASCII));
    }
}
