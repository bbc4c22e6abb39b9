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
            MessageDigest md = digestOf(entry.substring(0, eq));
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

    /**
     * {@code SHA-256=<base64>} (or SHA-512, the algorithm of the header's first supported entry; SHA-256 when it has
     * none) of the body bytes: what the header should have said. Only for the signature debugger, off the hot path.
     */
    static String computed(String header, byte[] body) {
        MessageDigest md = null;
        for (String entry : header == null ? new String[0] : header.split(",")) {
            int eq = entry.indexOf('=');
            md = eq > 0 ? digestOf(entry.substring(0, eq)) : null;
            if (md != null) {
                break;
            }
        }
        if (md == null) {
            md = SHA_256.get();
        }
        md.reset();
        return md.getAlgorithm() + "=" + Base64.getEncoder().encodeToString(md.digest(body));
    }

    private static MessageDigest digestOf(String algorithmName) {
        return switch (algorithmName.strip().toUpperCase(Locale.ROOT)) {
            case "SHA-256", "SHA256" -> SHA_256.get();
            case "SHA-512", "SHA512" -> SHA_512.get();
            default -> null;
        };
    }

    private static MessageDigest digest(String name) {
        try {
            return MessageDigest.getInstance(name);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
