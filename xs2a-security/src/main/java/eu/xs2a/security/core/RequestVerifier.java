package eu.xs2a.security.core;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.error.SignatureDebug;
import eu.xs2a.security.revocation.RevocationChecker;
import eu.xs2a.security.revocation.RevocationSettings;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.security.tpp.TppIdentity;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.X509CRL;
import java.security.interfaces.ECPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The request pipeline of a signed endpoint (docs/ARCHITECTURE.md "Request pipeline", steps 1 to 6) as plain Java: JDK
 * providers for X.509, PKIX, hashing and RSA/EC verification, no framework types. The first failing step answers
 * with its {@link Psd2Exception}. Thread-safe; one instance per application (it holds the certificate cache).
 */
public final class RequestVerifier {

    /** Headers that must be signed whenever the request carries them. */
    static final List<String> SIGNED_WHEN_PRESENT = List.of("date", "psu-id", "psu-corporate-id", "tpp-redirect-uri");


    private final VerifierSettings settings;
    /** Replaced whole when the CRLs change, with empty caches: every certificate is checked again on its next use. */
    private volatile CertificateValidator certificates;
    private final long maxSkewMillis;
    /** Outlives the validators: the revocation answers and CRL downloads are kept when the CRL files change. */
    private final RevocationChecker revocation;
    /** Issuing CAs downloaded from AIA caIssuers; outlives the validators too. */
    private final CaIssuers caIssuers;
    /** The CRLs and trusted lists in force; a change of either replaces the validator. */
    private List<X509CRL> crls;
    private TrustedListAnchors listed = TrustedListAnchors.NONE;

    /** A verifier with the default revocation settings ({@link RevocationSettings#defaults}). */
    public RequestVerifier(VerifierSettings settings) {
        this(settings, new RevocationChecker(RevocationSettings.defaults(), settings.clock()));
    }

    public RequestVerifier(VerifierSettings settings, RevocationChecker revocation) {
        this.settings = settings;
        this.revocation = revocation;
        this.crls = settings.crls();
        this.caIssuers = new CaIssuers(revocation.downloads(), revocation.settings().defaultValidity(),
                revocation.settings().unknownRetry());
        this.certificates = new CertificateValidator(settings, revocation, listed, caIssuers);
        this.maxSkewMillis = settings.maxClockSkew().toMillis();
    }

    /**
     * Steps 1 to 5.
     *
     * @param method  the HTTP method (for a {@code (request-target)} pseudo-header, should a TPP sign one)
     * @param target  the request path with its query string, as received
     * @param headers the request headers
     * @param body    the raw body bytes as received (empty array for none)
     * @throws Psd2Exception of the first failing step
     */
    public VerifiedRequest verify(String method, String target, RequestHeaders headers, byte[] body) {
        // 1. X-Request-ID
        String requestId = headers.get("X-Request-ID");
        if (requestId == null || requestId.isBlank()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "X-Request-ID header is missing");
        }
        requestId = requestId.strip();
        if (!isUuid(requestId)) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "X-Request-ID '" + ErrorTexts.shown(requestId) + "' is not a UUID");
        }

        // 2. certificate: decoded, chained, not revoked, in its validity (all but the dates cached)
        Instant now = settings.clock().instant();
        CertificateValidator.CertificateEntry entry = certificates.validate(headers.get("TPP-Signature-Certificate"), now);
        TppIdentity identity = entry.identity;

        // 3. signature
        String signatureHeader = headers.get("Signature");
        if (signatureHeader == null || signatureHeader.isBlank()) {
            throw new Psd2Exception(ErrorClass.SIGNATURE_MISSING, "Signature header is missing");
        }
        SignatureParameters signature;
        try {
            signature = SignatureParameters.parse(signatureHeader);
        } catch (IllegalArgumentException e) {
            throw new Psd2Exception(ErrorClass.SIGNATURE_MALFORMED, e.getMessage());
        }
        checkKeyId(signature.keyId(), entry);
        checkSignedHeaderList(signature.headers(), headers);
        String digest = headers.get("Digest");
        if (digest == null || digest.isBlank()) {
            throw new Psd2Exception(ErrorClass.SIGNATURE_MISSING, "Digest header is missing");
        }
        byte[] signingString = signingString(signature.headers(), method, target, headers);
        if (!verifies(identity.certificate().getPublicKey(), signature.hash(), signingString, signature.signature())) {
            throw Psd2Exception.signatureInvalid(
                    "Signature does not verify with the certificate's key over the headers " + signature.headers(),
                    debug(signature.headers(), signingString, digest, body));
        }

        // 4. digest of the raw body
        switch (DigestHeader.check(digest, body)) {
            case MALFORMED -> throw new Psd2Exception(ErrorClass.SIGNATURE_MALFORMED,
                    "Digest header must be SHA-256=<base64> or SHA-512=<base64>");
            case DIFFERS -> throw Psd2Exception.signatureInvalid("Digest does not match the hash of the request body",
                    debug(signature.headers(), signingString, digest, body));
            case MATCHES -> { }
        }

        // 5. date and clock skew
        String date = headers.get("Date");
        if (date == null || date.isBlank()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "Date header is missing");
        }
        Instant sent = HttpDateParser.parse(date);
        if (sent == null) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR,
                    "Date header '" + ErrorTexts.shown(date) + "' is not an RFC 7231 date (e.g. Sun, 06 Nov 1994 08:49:37 GMT)");
        }
        long skew = Math.abs(now.toEpochMilli() - sent.toEpochMilli());
        if (skew > maxSkewMillis) {
            throw new Psd2Exception(ErrorClass.SIGNATURE_INVALID, "Date header is " + Duration.ofMillis(skew).toSeconds()
                    + " s away from the server clock (at most " + settings.maxClockSkew().toSeconds() + " s)");
        }
        return new VerifiedRequest(identity, UUID.fromString(requestId), digest.strip());
    }

    /**
     * Step 2 on its own, for certificates that arrive elsewhere than in {@code TPP-Signature-Certificate} (a JWS
     * {@code x5c} element, a {@code pem} field): decoding (PEM text, base64 of PEM or of DER), chain, CRLs,
     * organizationIdentifier, QCStatement and validity at {@code now}, with the same cache.
     *
     * @throws Psd2Exception CertificateMissing, CertificateInvalid or CertificateExpired (texts name the header)
     */
    public TppIdentity validateCertificate(String certificate, Instant now) {
        return certificates.validate(certificate, now).identity;
    }

    /** The interface's header length limits (docs/ARCHITECTURE.md "Request pipeline", step 6): longer → FormatError. */
    static final Map<String, Integer> HEADER_LIMITS = Map.of("PSU-ID", 50, "TPP-Redirect-URI", 500,
            "TPP-Nok-Redirect-URI", 500, "PSU-IP-Address", 140, "PSU-Corporate-ID", 50);

    /**
     * The interface's header length limits (PSU-ID 50, TPP-Redirect-URI 500, PSU-IP-Address 140 characters), counted
     * in the characters of the text the header carries, not in its octets; then the formats of the PSU's context
     * ({@link PsuContextCheck#read}), wherever it is sent, so that one rule holds on every operation.
     */
    public static void checkHeaderLimits(RequestHeaders headers) {
        for (Map.Entry<String, Integer> limit : HEADER_LIMITS.entrySet()) {
            String value = headers.get(limit.getKey());
            if (value != null && value.length() > limit.getValue() && HeaderText.length(value) > limit.getValue()) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "Header " + limit.getKey() + " is longer than "
                        + limit.getValue() + " characters");
            }
        }
        PsuContextCheck.read(headers);
    }

    /** Step 6: the certificate's PSD2 roles must include at least one of {@code required} (empty: no rule). */
    public static void requireRole(TppIdentity identity, Set<Role> required) {
        if (required.isEmpty() || identity.hasAnyRole(required)) {
            return;
        }
        throw new Psd2Exception(ErrorClass.ROLE_INVALID, "The certificate's PSD2 roles " + identity.roles()
                + " do not include any of " + required + " required by this endpoint");
    }

    private static void checkKeyId(String keyId, CertificateValidator.CertificateEntry entry) {
        if (keyId.equals(entry.matchedKeyId)) {
            return;
        }
        KeyId.Match match;
        try {
            match = KeyId.match(HeaderText.text(keyId), entry.certificate); // an issuer's "ü" in UTF-8 or Latin-1
        } catch (IllegalArgumentException e) {
            throw new Psd2Exception(ErrorClass.SIGNATURE_MALFORMED, e.getMessage());
        }
        switch (match) {
            case SERIAL_DIFFERS -> throw new Psd2Exception(ErrorClass.SIGNATURE_INVALID,
                    "keyId serial does not match the certificate's serial number");
            case ISSUER_DIFFERS -> throw new Psd2Exception(ErrorClass.SIGNATURE_INVALID,
                    "keyId issuer does not match the certificate's issuer");
            case MATCHES -> entry.matchedKeyId = keyId;
        }
    }

    private static void checkSignedHeaderList(List<String> signed, RequestHeaders headers) {
        if (!signed.contains("digest")) {
            throw new Psd2Exception(ErrorClass.SIGNATURE_INVALID, "The signed headers must include digest");
        }
        if (!signed.contains("x-request-id")) {
            throw new Psd2Exception(ErrorClass.SIGNATURE_INVALID, "The signed headers must include x-request-id");
        }
        for (String name : SIGNED_WHEN_PRESENT) {
            if (!signed.contains(name) && headers.get(name) != null) {
                throw new Psd2Exception(ErrorClass.SIGNATURE_INVALID,
                        "The header " + name + " is sent but not signed");
            }
        }
        for (String name : signed) {
            if (!name.equals("digest") && !name.startsWith("(") && headers.get(name) == null) {
                throw new Psd2Exception(ErrorClass.SIGNATURE_INVALID,
                        "The signed header " + name + " is not in the request");
            }
        }
    }

    /**
     * {@code lowercase-name: value} lines joined by {@code \n} in the listed order (draft-cavage-10 2.3), as the
     * octets that were sent: a non-ASCII header value is signed over its bytes on the wire ({@link HeaderText}).
     */
    static byte[] signingString(List<String> signed, String method, String target, RequestHeaders headers) {
        StringBuilder out = new StringBuilder(256);
        for (String name : signed) {
            if (out.length() > 0) {
                out.append('\n');
            }
            out.append(name).append(": ");
            if (name.equals("(request-target)")) {
                out.append(method.toLowerCase(Locale.ROOT)).append(' ').append(target);
            } else {
                String value = headers.get(name);
                if (value == null) {
                    throw new Psd2Exception(ErrorClass.SIGNATURE_INVALID, "The signed header " + name + " is not in the request");
                }
                out.append(value.strip());
            }
        }
        return HeaderText.octets(out.toString());
    }

    /**
     * The signature debugger's detail for a signature or Digest that did not match: in the sandbox only (never in
     * {@code live}, where it would help an attacker probe), and built only once the request has failed. The signing
     * string is shown as text ({@link HeaderText#text}), as a developer's own client would print it.
     */
    private SignatureDebug debug(List<String> signed, byte[] signingString, String digest, byte[] body) {
        if (settings.live()) {
            return null;
        }
        String octets = new String(signingString, StandardCharsets.ISO_8859_1);
        return new SignatureDebug(HeaderText.text(octets), signed, digest.strip(), DigestHeader.computed(digest, body));
    }

    /**
     * Puts new revocation lists in force (the CRL files were read again, see {@link CrlFiles}). Requests already
     * past step 2 finish with the lists they started with.
     */
    public synchronized void replaceCrls(List<X509CRL> crls) {
        this.crls = List.copyOf(crls);
        certificates = new CertificateValidator(settings.withCrls(this.crls), revocation, listed, caIssuers);
    }

    /**
     * Puts the trust services of newly loaded trusted lists in force ({@code trust.TrustedLists}), with empty caches:
     * every certificate is checked again on its next use. Requests already past step 2 finish with the lists they
     * started with.
     */
    public synchronized void replaceTrustedListAnchors(TrustedListAnchors anchors) {
        this.listed = anchors;
        certificates = new CertificateValidator(settings.withCrls(crls), revocation, listed, caIssuers);
    }

    /** How many distinct certificates are held parsed and checked (for tests of the cache). */
    int cachedCertificates() {
        return certificates.cachedCertificates();
    }

    /** RSA PKCS#1 v1.5 or ECDSA (DER, else IEEE P1363) verification with the JDK providers. */
    static boolean verifies(PublicKey key, String hash, byte[] data, byte[] signature) {
        boolean ec = key instanceof ECPublicKey;
        String algorithm = hash.replace("-", "") + (ec ? "withECDSA" : "withRSA");
        try {
            if (verify(SignatureCache.get(algorithm), key, data, signature)) {
                return true;
            }
            // Some EC libraries send r||s (IEEE P1363) instead of DER. Its first byte is r's and may be anything, 0x30
            // (DER's SEQUENCE tag) too, so only a failed DER verification tells the two forms apart.
            return ec && signature.length > 0
                    && verify(SignatureCache.get(algorithm + "inP1363Format"), key, data, signature);
        } catch (GeneralSecurityException | RuntimeException e) {
            return false;
        }
    }

    private static boolean verify(Signature verifier, PublicKey key, byte[] data, byte[] signature)
            throws GeneralSecurityException {
        verifier.initVerify(key);
        verifier.update(data);
        try {
            return verifier.verify(signature);
        } catch (java.security.SignatureException e) {
            return false;
        }
    }

    /** 8-4-4-4-12 hex digits (RFC 4122 text form), either case. */
    static boolean isUuid(String s) {
        if (s.length() != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = s.charAt(i);
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                if (c != '-') {
                    return false;
                }
            } else if (Character.digit(c, 16) < 0 || c > 'f') {
                return false;
            }
        }
        return true;
    }

    /** One JDK Signature object per algorithm and thread: getInstance is not free. */
    private static final class SignatureCache {
        private static final ThreadLocal<java.util.Map<String, Signature>> CACHE =
                ThreadLocal.withInitial(java.util.HashMap::new);

        static Signature get(String algorithm) throws GeneralSecurityException {
            java.util.Map<String, Signature> map = CACHE.get();
            Signature signature = map.get(algorithm);
            if (signature == null) {
                signature = Signature.getInstance(algorithm);
                map.put(algorithm, signature);
            }
            return signature;
        }
    }
}
