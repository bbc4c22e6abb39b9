package eu.xs2a.security.core;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;

/**
 * Pipeline step 4: {@code Digest: SHA-256=<base64>} (RFC 3230; SHA-512 too, the algorithm name in any case; of a
 * comma-separated list the first supported entry counts), compared with the hash of the raw body bytes.
 */
final class DigestHeader {

    private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(() -> digest("SHA-256"));
    private static final ThreadLocal<MessageDigest> SHA_512 = ThreadLocal.withInitial(() -> digest("SHA-512"));

    enum Result { MATCHES, MALFORMED, DIFFERS }

    private DigestHeader() {
    }

    static Result check(String header, byte[] body) {
        for (String entry : header.split(",")) {
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String algorithm = entry.substring(0, eq).strip().toUpperCase(Locale.ROOT);
            MessageDigest md = switch (algorithm) {
                case "SHA-256", "SHA256" -> SHA_256.get();
                case "SHA-512", "SHA512" -> SHA_512.get();
                default -> null;
            };
            if (md == null) {
                continue;
            }
            byte[] expected;
            try {
                expected = Base64.getDecoder().decode(entry.substring(eq + 1).strip());
            } catch (IllegalArgumentException e) {
                return Result.MALFORMED;
            }
            md.reset();
            byte[] actual = md.digest(body);
            return MessageDigest.isEqual(expected, actual) ? Result.MATCHES : Result.DIFFERS;
        }
        return Result.MALFORMED;
    }

    private static MessageDigest digest(String name) {
        try {
            return MessageDigest.getInstance(name);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
