package eu.xs2a.security.client;

import eu.xs2a.security.core.HeaderText;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The TPP side of the Berlin Group signing scheme (draft-cavage-http-signatures-10 profile of NextGenPSD2):
 * produces {@code X-Request-ID}, {@code Date}, {@code Digest}, {@code Signature} and
 * {@code TPP-Signature-Certificate} for one request.
 *
 * <pre>{@code
 * RequestSigner signer = new RequestSigner(privateKey, qsealCertificate);
 * Map<String, String> headers = signer.sign("POST", "/sandbox/api/berlingroup/v1/consents",
 *         Map.of("PSU-ID", "PSU-1", "TPP-Redirect-URI", "https://tpp.example/cb"), body);
 * // send every entry of headers, and exactly the same body bytes
 * }</pre>
 *
 * Signed are {@code digest}, {@code x-request-id}, {@code date} and, when given in {@code extraHeaders},
 * {@code psu-id}, {@code psu-corporate-id} and {@code tpp-redirect-uri}. The returned map also holds the extra
 * headers themselves, non-ASCII text as its UTF-8 octets (one char per octet, which Java's HTTP clients send as they
 * are). Thread-safe.
 */
public final class RequestSigner {

    /** Headers that must be signed whenever they are sent (docs/ARCHITECTURE.md "Request pipeline", step 3). */
    public static final List<String> SIGNED_WHEN_PRESENT = List.of("psu-id", "psu-corporate-id", "tpp-redirect-uri");

    private final PrivateKey privateKey;
    private final X509Certificate certificate;
    private final String keyId;
    private final String certificateHeader;
    private final String hashName;
    private final Clock clock;

    public RequestSigner(PrivateKey privateKey, X509Certificate certificate) {
        this(privateKey, certificate, "SHA-256", Clock.systemUTC());
    }

    private RequestSigner(PrivateKey privateKey, X509Certificate certificate, String hashName, Clock clock) {
        this.privateKey = privateKey;
        this.certificate = certificate;
        this.hashName = hashName;
        this.clock = clock;
        this.keyId = "SN=" + certificate.getSerialNumber().toString(16).toUpperCase(Locale.ROOT)
                + ",CA=" + certificate.getIssuerX500Principal().getName();
        this.certificateHeader = Base64.getEncoder().encodeToString(pem(certificate).getBytes(StandardCharsets.US_ASCII));
    }

    /** The same signer with SHA-512 for the Digest and the signature ({@code rsa-sha512}). */
    public RequestSigner withSha512() {
        return new RequestSigner(privateKey, certificate, "SHA-512", clock);
    }

    /** The same signer reading "now" from another clock (the Date header). */
    public RequestSigner withClock(Clock clock) {
        return new RequestSigner(privateKey, certificate, hashName, clock);
    }

    /** Signs with a random X-Request-ID and the current date. */
    public Map<String, String> sign(String method, String path, Map<String, String> extraHeaders, byte[] body) {
        return sign(method, path, extraHeaders, body, UUID.randomUUID().toString(), clock.instant());
    }

    /** Signs with the given X-Request-ID (e.g. to test replay) and the current date. */
    public Map<String, String> sign(String method, String path, Map<String, String> extraHeaders, byte[] body,
                                    String requestId) {
        return sign(method, path, extraHeaders, body, requestId, clock.instant());
    }

    /** Signs with the given X-Request-ID and Date (e.g. to test clock skew). */
    public Map<String, String> sign(String method, String path, Map<String, String> extraHeaders, byte[] body,
                                    String requestId, Instant date) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (extraHeaders != null) {
            extraHeaders.forEach((name, value) -> headers.put(name, HeaderText.wireForm(value)));
        }
        headers.put("X-Request-ID", requestId);
        headers.put("Date", HttpDates.format(date));
        headers.put("Digest", digest(body == null ? new byte[0] : body));

        List<String> signed = new ArrayList<>(List.of("digest", "x-request-id", "date"));
        if (extraHeaders != null) {
            Set<String> lower = new java.util.HashSet<>();
            extraHeaders.keySet().forEach(k -> lower.add(k.toLowerCase(Locale.ROOT)));
            SIGNED_WHEN_PRESENT.stream().filter(lower::contains).forEach(signed::add);
        }
        headers.put("Signature", signatureHeader(signed, headers));
        headers.put("TPP-Signature-Certificate", certificateHeader);
        return headers;
    }

    /**
     * The Signature header for the given signed header names (lowercase, in order) and header values (any case of
     * names), the values as they will be sent: one octet per char ({@link HeaderText#wireForm}). Public so that
     * tests can sign unusual header lists.
     */
    public String signatureHeader(List<String> signedHeaders, Map<String, String> headerValues) {
        String signingString = signingString(signedHeaders, headerValues);
        for (int i = 0; i < signingString.length(); i++) {
            if (signingString.charAt(i) > 0xFF) {
                throw new IllegalArgumentException("A header value holds '" + signingString.charAt(i)
                        + "', which is no octet: give non-ASCII text in its wire form (HeaderText.wireForm)");
            }
        }
        String signature = Base64.getEncoder().encodeToString(signRaw(HeaderText.octets(signingString)));
        return "keyId=\"" + HeaderText.wireForm(keyId) + "\",algorithm=\"" + algorithmName() + "\",headers=\""
                + String.join(" ", signedHeaders) + "\",signature=\"" + signature + "\"";
    }

    /** {@code lowercase-name: value} lines joined by {@code \n}, in the listed order. */
    public static String signingString(List<String> signedHeaders, Map<String, String> headerValues) {
        StringBuilder out = new StringBuilder();
        for (String name : signedHeaders) {
            String value = null;
            for (Map.Entry<String, String> e : headerValues.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name)) {
                    value = e.getValue();
                    break;
                }
            }
            if (value == null) {
                throw new IllegalArgumentException("No value for signed header " + name);
            }
            if (out.length() > 0) {
                out.append('\n');
            }
            out.append(name.toLowerCase(Locale.ROOT)).append(": ").append(value);
        }
        return out.toString();
    }

    /** {@code SHA-256=<base64>} (or SHA-512) of the exact body bytes. */
    public String digest(byte[] body) {
        try {
            byte[] hash = MessageDigest.getInstance(hashName).digest(body);
            return hashName + "=" + Base64.getEncoder().encodeToString(hash);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public String keyId() {
        return keyId;
    }

    /** Base64 of the certificate's PEM text, the value of {@code TPP-Signature-Certificate}. */
    public String certificateHeader() {
        return certificateHeader;
    }

    public X509Certificate certificate() {
        return certificate;
    }

    /** Signs arbitrary bytes with this signer's key and hash (RSA PKCS#1 v1.5 or ECDSA in DER form). */
    public byte[] signRaw(byte[] data) {
        try {
            Signature signature = Signature.getInstance(jcaAlgorithm());
            signature.initSign(privateKey);
            signature.update(data);
            return signature.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot sign: " + e.getMessage(), e);
        }
    }

    private boolean isEc() {
        return "EC".equals(privateKey.getAlgorithm());
    }

    private String algorithmName() {
        String bits = hashName.equals("SHA-512") ? "512" : "256";
        return (isEc() ? "ecdsa-sha" : "rsa-sha") + bits;
    }

    private String jcaAlgorithm() {
        String hash = hashName.replace("-", "");
        return hash + (isEc() ? "withECDSA" : "withRSA");
    }

    /** PEM text of a certificate (64-character lines). */
    public static String pem(X509Certificate certificate) {
        try {
            return "-----BEGIN CERTIFICATE-----\n"
                    + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(certificate.getEncoded())
                    + "\n-----END CERTIFICATE-----\n";
        } catch (CertificateEncodingException e) {
            throw new IllegalStateException(e);
        }
    }
}
