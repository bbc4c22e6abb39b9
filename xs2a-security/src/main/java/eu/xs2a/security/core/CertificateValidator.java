package eu.xs2a.security.core;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.revocation.RevocationChecker;
import eu.xs2a.security.revocation.RevocationStatus;
import eu.xs2a.security.tpp.TppIdentity;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.CertPathValidator;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXCertPathValidatorResult;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Pipeline step 2: decodes {@code TPP-Signature-Certificate}, checks the chain to the trust anchors (PKIX, no
 * network), revocation (the configured CRL files, then the certificate's own OCSP responders and CRL distribution
 * points through {@link RevocationChecker}, whose answers are kept until their nextUpdate), the validity dates, and
 * reads the TPP identity. Everything except the dates and the revocation status is done once per certificate:
 * results (good and bad) are kept in a Caffeine cache
 * bounded by {@code cacheSize} (W-TinyLFU: a certificate in use is not pushed out by a stream of new ones) keyed by
 * the certificate's SHA-256 fingerprint, and trusted ones also by the header text (then a repeated header costs one
 * lock-free lookup and no decoding). Entries do not expire: the dates are checked per request, and new CRLs come
 * with a new validator and so with empty caches ({@link RequestVerifier#replaceCrls}).
 */
final class CertificateValidator {

    private static final Logger LOG = Logger.getLogger(CertificateValidator.class);
    private static final byte[] PEM_BEGIN = "-----BEGIN CERTIFICATE-----".getBytes(StandardCharsets.US_ASCII);

    private final Set<TrustAnchor> anchors;
    private final List<X509CRL> crls;
    private final boolean live;
    private final RevocationChecker revocation;
    /** Accept a certificate whose revocation status is unknown (sandbox, or psd2.revocation.soft-fail). */
    private final boolean softFail;
    /** Fingerprint → the unknown status last warned about: one WARN per round of asking, not one per request. */
    private final Cache<String, RevocationStatus> warned;
    /** Header text → entry: a repeated header costs one map lookup. */
    private final Cache<String, CertificateEntry> byHeader;
    /** Fingerprint → entry: the same certificate sent as PEM and as DER is parsed once. */
    private final Cache<String, CertificateEntry> byFingerprint;

    CertificateValidator(VerifierSettings settings, RevocationChecker revocation) {
        Set<TrustAnchor> set = new HashSet<>();
        settings.trustAnchors().forEach(a -> set.add(new TrustAnchor(a, null)));
        this.anchors = Set.copyOf(set);
        this.crls = settings.crls();
        this.live = settings.live();
        this.revocation = revocation;
        this.softFail = revocation.settings().softFail(live);
        this.warned = bounded(settings.cacheSize());
        this.byHeader = bounded(settings.cacheSize());
        this.byFingerprint = bounded(settings.cacheSize());
    }

    private static <V> Cache<String, V> bounded(int size) {
        return Caffeine.newBuilder().maximumSize(Math.max(1, size)).build();
    }

    /** The entry for a header value; its {@link CertificateEntry#failure} is set when step 2 failed apart from dates. */
    CertificateEntry entry(String header) {
        CertificateEntry entry = byHeader.getIfPresent(header);
        if (entry == null) {
            entry = load(header);
            // only trusted certificates are kept by header text: junk headers must not fill memory with their text
            if (entry.failure == null) {
                byHeader.put(header, entry);
            }
        }
        return entry;
    }

    /** Eviction runs in Caffeine's maintenance, which is done first so that the count is exact. */
    int cachedCertificates() {
        byFingerprint.cleanUp();
        return (int) byFingerprint.estimatedSize();
    }

    /** Step 2 in full: the checked entry (identity, certificate), or the step's error. */
    CertificateEntry validate(String header, Instant now) {
        if (header == null || header.isBlank()) {
            throw new Psd2Exception(ErrorClass.CERTIFICATE_MISSING, "TPP-Signature-Certificate header is missing");
        }
        CertificateEntry entry = entry(header);
        if (entry.failure != null) {
            throw new Psd2Exception(entry.failureClass, entry.failure);
        }
        long t = now.toEpochMilli();
        if (t < entry.notBefore) {
            throw new Psd2Exception(ErrorClass.CERTIFICATE_EXPIRED, "TPP-Signature-Certificate is not valid before "
                    + Instant.ofEpochMilli(entry.notBefore));
        }
        if (t > entry.notAfter) {
            throw new Psd2Exception(ErrorClass.CERTIFICATE_EXPIRED, "TPP-Signature-Certificate expired at "
                    + Instant.ofEpochMilli(entry.notAfter));
        }
        checkRevocation(entry, now);
        return entry;
    }

    /**
     * Revoked by any source → CertificateInvalid (CERTIFICATE_REVOKE). Unknown → refused, unless a current CRL file
     * of its issuer is configured (the operator's list is a source too) or unknown is accepted (sandbox, soft-fail),
     * then with one WARN per round of asking.
     */
    private void checkRevocation(CertificateEntry entry, Instant now) {
        RevocationStatus status = revocation.status(entry.fingerprint, entry.certificate, entry.issuer);
        if (status.state() == RevocationStatus.State.REVOKED) {
            throw new Psd2Exception(ErrorClass.CERTIFICATE_REVOKED, "TPP-Signature-Certificate has been revoked "
                    + "(serial " + entry.certificate.getSerialNumber().toString(16).toUpperCase() + "; "
                    + status.source() + ")");
        }
        if (status.state() == RevocationStatus.State.GOOD || coveredByCrlFile(entry.certificate, now)) {
            return;
        }
        if (!softFail) {
            throw new Psd2Exception(ErrorClass.CERTIFICATE_INVALID, "The revocation status of "
                    + "TPP-Signature-Certificate could not be established: " + status.source());
        }
        if (warned.asMap().put(entry.fingerprint, status) != status) {
            LOG.warnf("Accepted TPP-Signature-Certificate of %s (serial %s) whose revocation status is unknown "
                            + "(psd2.revocation.soft-fail): %s", entry.identity.tppId(),
                    entry.certificate.getSerialNumber().toString(16).toUpperCase(), status.source());
        }
    }

    /** A configured CRL file of the certificate's issuer that is still current (it does not list it: see check). */
    private boolean coveredByCrlFile(X509Certificate certificate, Instant now) {
        for (X509CRL crl : crls) {
            if (crl.getIssuerX500Principal().equals(certificate.getIssuerX500Principal())
                    && (crl.getNextUpdate() == null || crl.getNextUpdate().toInstant().isAfter(now))) {
                return true;
            }
        }
        return false;
    }

    private CertificateEntry load(String header) {
        byte[] der;
        try {
            der = decode(header);
        } catch (IllegalArgumentException e) {
            return CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID,
                    "TPP-Signature-Certificate is not base64 of a PEM or DER X.509 certificate");
        }
        String fingerprint = fingerprint(der);
        CertificateEntry entry = byFingerprint.getIfPresent(fingerprint);
        if (entry == null) {
            entry = check(der, fingerprint);
            byFingerprint.put(fingerprint, entry);
        }
        return entry;
    }

    private CertificateEntry check(byte[] der, String fingerprint) {
        X509Certificate certificate;
        try {
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(der));
        } catch (GeneralSecurityException | RuntimeException e) {
            return CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID,
                    "TPP-Signature-Certificate is not a valid X.509 certificate");
        }
        Path path = path(certificate);
        if (path.problem != null) {
            return CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID, path.problem);
        }
        for (X509CRL crl : crls) {
            if (crl.getIssuerX500Principal().equals(certificate.getIssuerX500Principal()) && crl.isRevoked(certificate)) {
                return CertificateEntry.failed(ErrorClass.CERTIFICATE_REVOKED,
                        "TPP-Signature-Certificate has been revoked (serial "
                                + certificate.getSerialNumber().toString(16).toUpperCase() + ")");
            }
        }
        String keyAlgorithm = certificate.getPublicKey().getAlgorithm();
        if (!"RSA".equals(keyAlgorithm) && !"EC".equals(keyAlgorithm)) {
            return CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID,
                    "TPP-Signature-Certificate has a " + keyAlgorithm + " key; only RSA and EC keys are accepted");
        }
        boolean[] keyUsage = certificate.getKeyUsage();
        if (keyUsage != null && !keyUsage[0] && !keyUsage[1]) {
            return CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID,
                    "TPP-Signature-Certificate is not for digital signatures (keyUsage)");
        }
        QcStatementReader.QcStatements statements;
        try {
            statements = QcStatementReader.qcStatements(certificate);
        } catch (IllegalArgumentException e) {
            return CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID,
                    "TPP-Signature-Certificate has a malformed qcStatements extension");
        }
        QcStatementReader.Psd2Statement statement = statements.psd2();
        if (live) {
            String notASeal = notAQualifiedSeal(statements);
            if (notASeal != null) {
                return CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID, notASeal);
            }
        }
        List<String> tppIds;
        try {
            tppIds = QcStatementReader.organizationIdentifiers(certificate);
        } catch (RuntimeException e) {
            tppIds = List.of();
        }
        if (tppIds.size() > 1) {
            // two ids in one subject: which organisation the TPP is would depend on the reader, so neither is taken
            return CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID, "TPP-Signature-Certificate subject has "
                    + tppIds.size() + " organizationIdentifier (2.5.4.97) attributes; exactly one is allowed");
        }
        String tppId = tppIds.isEmpty() ? null : tppIds.get(0);
        if (tppId == null || tppId.isBlank()) {
            return CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID,
                    "TPP-Signature-Certificate subject has no organizationIdentifier (2.5.4.97)");
        }
        if (tppId.codePointCount(0, tppId.length()) > TppIdentity.MAX_ID_LENGTH) {
            return CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID, "TPP-Signature-Certificate subject's "
                    + "organizationIdentifier is longer than " + TppIdentity.MAX_ID_LENGTH + " characters");
        }
        String name = QcStatementReader.organizationName(certificate);
        if (name != null && name.codePointCount(0, name.length()) > TppIdentity.MAX_NAME_LENGTH) {
            return CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID, "TPP-Signature-Certificate subject's "
                    + "organization name is longer than " + TppIdentity.MAX_NAME_LENGTH + " characters");
        }
        TppIdentity identity = new TppIdentity(tppId, name,
                statement.roles(), statement.ncaName(), statement.ncaId(), fingerprint, certificate);
        return new CertificateEntry(certificate, path.issuer, fingerprint, identity);
    }

    /**
     * Live accepts only a PSD2 QSealC (the bank's interface: "only production QSEAL certificates";
     * docs/ARCHITECTURE.md "Trust and environments"): the ETSI TS 119 495 statement, QcCompliance, and QcType eseal
     * (EN 319 412-5). A QWAC of the same TPP often comes from the same issuing CA with the same PSD2 statement; its
     * QcType web says it is for TLS, not for sealing requests.
     * Null when the certificate is one, else why not.
     */
    private static String notAQualifiedSeal(QcStatementReader.QcStatements statements) {
        if (!statements.psd2().present()) {
            return "TPP-Signature-Certificate is not a PSD2 QSEAL (no ETSI TS 119 495 QCStatement)";
        }
        if (!statements.qcCompliance()) {
            return "TPP-Signature-Certificate is not a qualified certificate (no QcCompliance statement "
                    + Psd2Oids.QC_COMPLIANCE + "): a QSEAL is required";
        }
        if (statements.qcTypes().contains(Psd2Oids.QC_TYPE_WEB)) {
            return "TPP-Signature-Certificate is a website certificate (QWAC, QcType web " + Psd2Oids.QC_TYPE_WEB
                    + "): requests must be sealed with a QSEAL (QcType eseal " + Psd2Oids.QC_TYPE_ESEAL + ")";
        }
        if (!statements.qcTypes().contains(Psd2Oids.QC_TYPE_ESEAL)) {
            return "TPP-Signature-Certificate is not an electronic seal certificate (no QcType eseal "
                    + Psd2Oids.QC_TYPE_ESEAL + "): a QSEAL is required";
        }
        return null;
    }

    /** The anchor a certificate chains to, or why it does not. */
    private record Path(X509Certificate issuer, String problem) {
    }

    /**
     * PKIX path validation to the anchors with revocation off (revocation is checked per request, see
     * {@link #checkRevocation}) and no network. The path is checked at a moment inside the certificate's validity, so
     * that an expired but trusted certificate reports CertificateExpired (the dates are checked per request) while an
     * untrusted one is CertificateInvalid.
     */
    private Path path(X509Certificate certificate) {
        if (anchors.isEmpty()) {
            return new Path(null, "TPP-Signature-Certificate cannot be trusted: no trust anchors are configured");
        }
        try {
            PKIXParameters parameters = new PKIXParameters(anchors);
            parameters.setRevocationEnabled(false);
            long now = System.currentTimeMillis();
            long at = Math.min(Math.max(now, certificate.getNotBefore().getTime()), certificate.getNotAfter().getTime());
            parameters.setDate(new Date(at));
            PKIXCertPathValidatorResult result = (PKIXCertPathValidatorResult) CertPathValidator.getInstance("PKIX")
                    .validate(CertificateFactory.getInstance("X.509").generateCertPath(List.of(certificate)), parameters);
            return new Path(result.getTrustAnchor().getTrustedCert(), null);
        } catch (CertPathValidatorException e) {
            return new Path(null, "TPP-Signature-Certificate does not chain to a trusted certificate authority");
        } catch (GeneralSecurityException e) {
            return new Path(null, "TPP-Signature-Certificate cannot be checked: " + e.getClass().getSimpleName());
        }
    }

    /** Base64 of PEM text or of DER; a PEM text sent as is is accepted too. */
    static byte[] decode(String header) {
        String value = header.strip();
        byte[] bytes;
        if (value.startsWith("-----BEGIN")) {
            bytes = value.getBytes(StandardCharsets.US_ASCII);
        } else {
            bytes = Base64.getDecoder().decode(removeWhitespace(value));
        }
        if (startsWith(bytes, PEM_BEGIN)) {
            String pem = new String(bytes, StandardCharsets.US_ASCII);
            int end = pem.indexOf("-----END CERTIFICATE-----");
            if (end < 0) {
                throw new IllegalArgumentException("PEM without END line");
            }
            return Base64.getMimeDecoder().decode(removeWhitespace(pem.substring(PEM_BEGIN.length, end)));
        }
        if (bytes.length == 0 || bytes[0] != 0x30) {
            throw new IllegalArgumentException("not DER");
        }
        return bytes;
    }

    private static String removeWhitespace(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isWhitespace(c)) {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean startsWith(byte[] bytes, byte[] prefix) {
        if (bytes.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (bytes[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    static String fingerprint(byte[] der) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(der));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One certificate's checked state: an identity, or the class and text of its failure. */
    static final class CertificateEntry {
        final X509Certificate certificate;
        /** The trust anchor that issued it: the revocation sources' answers are verified against it. */
        final X509Certificate issuer;
        final String fingerprint;
        final TppIdentity identity;
        final long notBefore;
        final long notAfter;
        final ErrorClass failureClass;
        final String failure;
        /** The last keyId that matched this certificate: a repeated keyId is not parsed again. */
        volatile String matchedKeyId;

        CertificateEntry(X509Certificate certificate, X509Certificate issuer, String fingerprint,
                         TppIdentity identity) {
            this.certificate = certificate;
            this.issuer = issuer;
            this.fingerprint = fingerprint;
            this.identity = identity;
            this.notBefore = certificate.getNotBefore().getTime();
            this.notAfter = certificate.getNotAfter().getTime();
            this.failureClass = null;
            this.failure = null;
        }

        private CertificateEntry(ErrorClass failureClass, String failure) {
            this.certificate = null;
            this.issuer = null;
            this.fingerprint = null;
            this.identity = null;
            this.notBefore = 0;
            this.notAfter = 0;
            this.failureClass = failureClass;
            this.failure = failure;
        }

        static CertificateEntry failed(ErrorClass failureClass, String failure) {
            return new CertificateEntry(failureClass, failure);
        }
    }
}
