package eu.xs2a.security.core;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The parsed {@code Signature} header: {@code keyId="…",algorithm="…",headers="…",signature="…"}
 * (draft-cavage-http-signatures-10 section 4.1). Parameter names are case-insensitive, their order free.
 *
 * @param keyId         the keyId as sent
 * @param algorithm     the algorithm as sent
 * @param hash          {@code SHA-256} or {@code SHA-512}, read from the algorithm
 * @param headers       the signed header names, lowercase, in the listed order
 * @param signature     the decoded signature bytes
 */
record SignatureParameters(String keyId, String algorithm, String hash, List<String> headers, byte[] signature) {

    /** @throws IllegalArgumentException with a text for SignatureMalformed */
    static SignatureParameters parse(String header) {
        String keyId = null;
        String algorithm = null;
        String headers = null;
        String signature = null;
        int i = 0;
        int n = header.length();
        while (i < n) {
            while (i < n && (header.charAt(i) == ',' || header.charAt(i) == ' ' || header.charAt(i) == '\t')) {
                i++;
            }
            if (i >= n) {
                break;
            }
            int eq = header.indexOf('=', i);
            if (eq < 0) {
                throw new IllegalArgumentException("Signature header is not a list of name=\"value\" parameters");
            }
            String name = header.substring(i, eq).strip().toLowerCase(Locale.ROOT);
            i = eq + 1;
            while (i < n && header.charAt(i) == ' ') {
                i++;
            }
            String value;
            if (i < n && header.charAt(i) == '"') {
                int close = header.indexOf('"', i + 1);
                if (close < 0) {
                    throw new IllegalArgumentException("Signature header has an unterminated quoted value for " + name);
                }
                value = header.substring(i + 1, close);
                i = close + 1;
            } else {
                int comma = header.indexOf(',', i);
                int end = comma < 0 ? n : comma;
                value = header.substring(i, end).strip();
                i = end;
            }
            switch (name) {
                case "keyid" -> keyId = value;
                case "algorithm" -> algorithm = value;
                case "headers" -> headers = value;
                case "signature" -> signature = value;
                default -> { } // created, expires and future parameters are ignored
            }
        }
        if (keyId == null || keyId.isBlank()) {
            throw new IllegalArgumentException("Signature header has no keyId");
        }
        if (algorithm == null || algorithm.isBlank()) {
            throw new IllegalArgumentException("Signature header has no algorithm");
        }
        if (headers == null || headers.isBlank()) {
            throw new IllegalArgumentException("Signature header has no headers list");
        }
        if (signature == null || signature.isBlank()) {
            throw new IllegalArgumentException("Signature header has no signature");
        }
        String hash = hashOf(algorithm);
        if (hash == null) {
            throw new IllegalArgumentException("Signature algorithm '" + algorithm
                    + "' is not supported (rsa-sha256, rsa-sha512, ecdsa-sha256, ecdsa-sha512)");
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(signature.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Signature value is not base64");
        }
        List<String> names = new ArrayList<>(8);
        int start = -1;
        for (int j = 0; j <= headers.length(); j++) {
            boolean space = j == headers.length() || headers.charAt(j) == ' ' || headers.charAt(j) == '\t';
            if (space && start >= 0) {
                names.add(headers.substring(start, j).toLowerCase(Locale.ROOT));
                start = -1;
            } else if (!space && start < 0) {
                start = j;
            }
        }
        return new SignatureParameters(keyId, algorithm, hash, List.copyOf(names), bytes);
    }

    /**
     * {@code rsa-sha256}, {@code rsa-sha-256}, {@code SHA256withRSA}, {@code ecdsa-sha256}, {@code SHA256withECDSA}
     * and their 512 forms, any case. Which of RSA or EC is decided by the certificate's key, not by this name.
     */
    static String hashOf(String algorithm) {
        String a = algorithm.strip().toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
        return switch (a) {
            case "rsasha256", "sha256withrsa", "ecdsasha256", "sha256withecdsa", "rsassapkcs1v15sha256" -> "SHA-256";
            case "rsasha512", "sha512withrsa", "ecdsasha512", "sha512withecdsa", "rsassapkcs1v15sha512" -> "SHA-512";
            default -> null;
        };
    }
}
