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
import java.security.cert.CertPathBuilder;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertStore;
import java.security.cert.CertificateFactory;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.PKIXCertPathBuilderResult;
import java.security.cert.TrustAnchor;
import java.security.cert.X509CertSelector;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Date;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Pipeline step 2: decodes {@code TPP-Signature-Certificate}, builds the path to the trust anchors (PKIX: the anchors
 * are the configured PEM files and the trusted lists' qualified seal services granted at the seal's issuance;
 * intermediates from the lists or downloaded from the AIA caIssuers, the only network use here), checks revocation of
 * every certificate of the path but the anchor (the configured CRL files, then each certificate's own OCSP responders
 * and CRL distribution points through {@link RevocationChecker}, asked with its own issuer, whose answers are kept
 * until their nextUpdate), the validity dates (the intermediates' too), and reads the TPP identity. Everything except the dates and the revocation status is done once per certificate:
 * results (good and bad) are kept in a Caffeine cache
 * bounded by {@code cacheSize} (W-TinyLFU: a certificate in use is not pushed out by a stream of new ones) keyed by
 * the certificate's SHA-256 fingerprint, and trusted ones also by the header text (then a repeated header costs one
 * lock-free lookup and no decoding). Entries do not expire: the dates are checked per request, and new CRLs or
 * changed trusted lists come with a new validator and so with empty caches ({@link RequestVerifier#replaceCrls},
 * {@link RequestVerifier#replaceTrustedListAnchors}). A failure that may pass (an issuing CA that could not be
 * downloaded) is not kept.
 */
final class CertificateValidator {

    private static final Logger LOG = Logger.getLogger(CertificateValidator.class);
    private static final byte[] PEM_BEGIN = "-----BEGIN CERTIFICATE-----".getBytes(StandardCharsets.US_ASCII);

    /** The configured PEM anchors: trusted for every seal. */
    private final Set<TrustAnchor> anchors;
    /** The trusted lists' services: an anchor for a seal only if granted for seals at its issuance. */
    private final TrustedListAnchors listed;
    /** Every listed CA certificate, offered to the path builder as a possible intermediate. */
    private final List<X509Certificate> listedCertificates;
    /** Downloads issuing CAs named by AIA caIssuers; null: none are downloaded. */
    private final CaIssuers caIssuers;
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
        this(settings, revocation, TrustedListAnchors.NONE, null);
    }

    CertificateValidator(VerifierSettings settings, RevocationChecker revocation, TrustedListAnchors listed,
                         CaIssuers caIssuers) {
        Set<TrustAnchor> set = new HashSet<>();
        settings.trustAnchors().forEach(a -> set.add(new TrustAnchor(a, null)));
        this.anchors = Set.copyOf(set);
        this.listed = listed;
        this.listedCertificates = listed.services().stream().map(ListedService::certificate).distinct().toList();
        this.caIssuers = caIssuers;
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
            if (entry.failure == null && !entry.transientFailure) {
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
        if (t < entry.caNotBefore || t > entry.caNotAfter) {
            // an intermediate CA outside its validity: the seal cannot be validated now
            for (int i = 1; i < entry.chain.size(); i++) {
                X509Certificate ca = entry.chain.get(i);
                if (t < ca.getNotBefore().getTime() || t > ca.getNotAfter().getTime()) {
                    throw new Psd2Exception(ErrorClass.CERTIFICATE_EXPIRED, name(ca, entry.certificate)
                            + " is valid from " + ca.getNotBefore().toInstant() + " to "
                            + ca.getNotAfter().toInstant() + ", not now");
                }
            }
        }
        for (int i = 0; i < entry.chain.size(); i++) {
            checkRevocation(entry, i, now);
        }
        return entry;
    }

    /**
     * The revocation of the path's certificate {@code i} (0: the TPP's; then its CAs up to the anchor, which is trusted
     * as configured or listed), asked with its own issuer. Revoked by any source → CertificateInvalid
     * (CERTIFICATE_REVOKE). Unknown → refused, unless a current CRL file of its issuer is configured (the operator's
     * list is a source too) or unknown is accepted (sandbox, soft-fail), then with one WARN per round of asking.
     */
    private void checkRevocation(CertificateEntry entry, int i, Instant now) {
        X509Certificate certificate = entry.chain.get(i);
        X509Certificate issuer = i + 1 < entry.chain.size() ? entry.chain.get(i + 1) : entry.anchor;
        String fingerprint = entry.fingerprints.get(i);
        RevocationStatus status = revocation.status(fingerprint, certificate, issuer);
        if (status.state() == RevocationStatus.State.REVOKED) {
            throw new Psd2Exception(ErrorClass.CERTIFICATE_REVOKED, name(certificate, entry.certificate)
                    + " has been revoked (serial " + certificate.getSerialNumber().toString(16).toUpperCase() + "; "
                    + status.source() + ")");
        }
        if (status.state() == RevocationStatus.State.GOOD || coveredByCrlFile(certificate, now)) {
            return;
        }
        String named = i == 0 ? "TPP-Signature-Certificate"
                : "the CA certificate " + certificate.getSubjectX500Principal().getName()
                + " of TPP-Signature-Certificate's chain";
        if (!softFail) {
            throw new Psd2Exception(ErrorClass.CERTIFICATE_INVALID, "The revocation status of " + named
                    + " could not be established: " + status.source());
        }
        if (warned.getIfPresent(fingerprint) != status) { // a read per request; a write once per round of asking
            warned.put(fingerprint, status);
            LOG.warnf("Accepted %s of %s (serial %s) whose revocation status is unknown (sandbox, or "
                            + "psd2.revocation.soft-fail): %s", named, entry.identity.tppId(),
                    certificate.getSerialNumber().toString(16).toUpperCase(), status.source());
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
            if (!entry.transientFailure) {
                byFingerprint.put(fingerprint, entry);
            }
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
            return path.transientFailure
                    ? CertificateEntry.failedForNow(ErrorClass.CERTIFICATE_INVALID, path.problem)
                    : CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID, path.problem);
        }
        for (X509Certificate c : path.chain) {
            for (X509CRL crl : crls) {
                if (crl.getIssuerX500Principal().equals(c.getIssuerX500Principal()) && crl.isRevoked(c)) {
                    return CertificateEntry.failed(ErrorClass.CERTIFICATE_REVOKED, name(c, certificate)
                            + " has been revoked (serial " + c.getSerialNumber().toString(16).toUpperCase() + ")");
                }
            }
        }
        String keyProblem = SealRules.keyProblem(certificate.getPublicKey(), "TPP-Signature-Certificate");
        if (keyProblem != null) {
            return CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID, keyProblem);
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
        if (live) {
            String mismatch = SealRules.ncaMismatch(tppId, statement.ncaId());
            if (mismatch != null) {
                return CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID, mismatch);
            }
        }
        String name = QcStatementReader.organizationName(certificate);
        if (name != null && name.codePointCount(0, name.length()) > TppIdentity.MAX_NAME_LENGTH) {
            return CertificateEntry.failed(ErrorClass.CERTIFICATE_INVALID, "TPP-Signature-Certificate subject's "
                    + "organization name is longer than " + TppIdentity.MAX_NAME_LENGTH + " characters");
        }
        TppIdentity identity = new TppIdentity(tppId, name,
                statement.roles(), statement.ncaName(), statement.ncaId(), fingerprint, certificate);
        return new CertificateEntry(certificate, path.chain, path.anchor, fingerprint, identity);
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

    /**
     * The path a certificate chains on, or why it does not.
     *
     * @param chain            the certificate and its intermediates, leaf first, without the anchor
     * @param anchor           the trust anchor's certificate
     * @param problem          null, or why there is no path
     * @param transientFailure the problem may pass (an issuing CA could not be downloaded): not kept in the cache
     */
    private record Path(List<X509Certificate> chain, X509Certificate anchor, String problem, boolean transientFailure) {

        static Path failed(String problem) {
            return new Path(List.of(), null, problem, false);
        }
    }

    /**
     * PKIX path building to the anchors (JDK {@link CertPathBuilder}) with revocation off (revocation is checked per
     * request, see {@link #checkRevocation}): the anchors are the PEM ones and the listed services granted for seals at
     * the certificate's issuance, the intermediates the listed certificates and, only when no path is found with
     * them, those its AIA caIssuers names (downloaded). The path is checked at a moment inside the certificate's
     * validity, so that an expired but trusted certificate reports CertificateExpired (the dates are checked per
     * request) while an untrusted one is CertificateInvalid.
     */
    private Path path(X509Certificate certificate) {
        if (anchors.isEmpty() && listed.services().isEmpty()) {
            return Path.failed(listed.configured()
                    ? "TPP-Signature-Certificate cannot be trusted: no trusted list could be loaded (psd2.trust.lists)"
                    : "TPP-Signature-Certificate cannot be trusted: no trust anchors are configured");
        }
        Instant issuance = certificate.getNotBefore().toInstant();
        Set<TrustAnchor> eligible = new HashSet<>(anchors);
        for (ListedService service : listed.services()) {
            if (service.anchorsSealsIssuedAt(issuance)) {
                eligible.add(new TrustAnchor(service.certificate(), null));
            }
        }
        List<X509Certificate> intermediates = new ArrayList<>(listedCertificates);
        try {
            PKIXCertPathBuilderResult built = build(certificate, eligible, intermediates);
            String aiaFailure = null;
            if (built == null && caIssuers != null && !CaIssuers.urls(certificate).isEmpty()) {
                CaIssuers.Found found = caIssuers.issuersOf(certificate);
                intermediates.addAll(found.certificates());
                aiaFailure = found.failure();
                built = found.certificates().isEmpty() ? null : build(certificate, eligible, intermediates);
            }
            if (built != null) {
                List<X509Certificate> chain = new ArrayList<>();
                built.getCertPath().getCertificates().forEach(c -> chain.add((X509Certificate) c));
                return new Path(List.copyOf(chain), built.getTrustAnchor().getTrustedCert(), null, false);
            }
            String notForSeals = notForSeals(certificate, issuance, intermediates);
            if (notForSeals != null) {
                return Path.failed(notForSeals);
            }
            if (aiaFailure != null) {
                return new Path(List.of(), null, "TPP-Signature-Certificate does not chain to a trusted certificate "
                        + "authority: its issuing CA certificate could not be downloaded (" + aiaFailure + ")", true);
            }
            return Path.failed("TPP-Signature-Certificate does not chain to a trusted certificate authority");
        } catch (GeneralSecurityException e) {
            return Path.failed("TPP-Signature-Certificate cannot be checked: " + e.getClass().getSimpleName());
        }
    }

    /** The path to one of {@code anchors}, or null when there is none. */
    private static PKIXCertPathBuilderResult build(X509Certificate certificate, Set<TrustAnchor> anchors,
                                                   Collection<X509Certificate> intermediates)
            throws GeneralSecurityException {
        if (anchors.isEmpty()) {
            return null;
        }
        X509CertSelector target = new X509CertSelector();
        target.setCertificate(certificate);
        PKIXBuilderParameters parameters = new PKIXBuilderParameters(anchors, target);
        parameters.setRevocationEnabled(false);
        long now = System.currentTimeMillis();
        long at = Math.min(Math.max(now, certificate.getNotBefore().getTime()), certificate.getNotAfter().getTime());
        parameters.setDate(new Date(at));
        List<X509Certificate> store = new ArrayList<>(intermediates);
        store.add(certificate);
        parameters.addCertStore(CertStore.getInstance("Collection", new CollectionCertStoreParameters(store)));
        try {
            return (PKIXCertPathBuilderResult) CertPathBuilder.getInstance("PKIX").build(parameters);
        } catch (CertPathBuilderException e) {
            return null;
        }
    }

    /**
     * When the certificate chains to a listed certificate whose service is not a granted one for seals at its
     * issuance: which service and why (the refusal names it). Else null.
     */
    private String notForSeals(X509Certificate certificate, Instant issuance, List<X509Certificate> intermediates)
            throws GeneralSecurityException {
        if (listed.services().isEmpty()) {
            return null;
        }
        Set<TrustAnchor> all = new HashSet<>();
        listed.services().forEach(s -> all.add(new TrustAnchor(s.certificate(), null)));
        PKIXCertPathBuilderResult built = build(certificate, all, intermediates);
        if (built == null) {
            return null;
        }
        X509Certificate anchor = built.getTrustAnchor().getTrustedCert();
        List<String> why = new ArrayList<>();
        for (ListedService service : listed.services()) {
            if (service.certificate().equals(anchor)) {
                why.add(service.service() + " on " + service.list() + ": " + service.notAnAnchorBecause(issuance));
            }
        }
        return "TPP-Signature-Certificate chains to " + anchor.getSubjectX500Principal().getName()
                + ", which is not a qualified trust service for electronic seals granted at the seal's issuance ("
                + issuance + "): " + String.join("; ", why);
    }

    /** How a refusal names a certificate of the path: the TPP's own, or its CA's by subject. */
    private static String name(X509Certificate c, X509Certificate leaf) {
        return c.equals(leaf) ? "TPP-Signature-Certificate"
                : "The CA certificate " + c.getSubjectX500Principal().getName() + " of TPP-Signature-Certificate's chain";
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
        /** Its issuer (an intermediate, or the trust anchor): the revocation sources' answers are verified against it. */
        final X509Certificate issuer;
        /** The path without the anchor, leaf first: each is checked for revocation with its own issuer. */
        final List<X509Certificate> chain;
        /** SHA-256 fingerprints of {@link #chain}, the keys of their revocation answers. */
        final List<String> fingerprints;
        /** The trust anchor the path ends at. */
        final X509Certificate anchor;
        final String fingerprint;
        final TppIdentity identity;
        final long notBefore;
        final long notAfter;
        /** The latest notBefore and the earliest notAfter of the intermediates: one comparison per request. */
        final long caNotBefore;
        final long caNotAfter;
        final ErrorClass failureClass;
        final String failure;
        /** A failure that may pass (a download): the entry is not kept. */
        final boolean transientFailure;
        /** The last keyId that matched this certificate: a repeated keyId is not parsed again. */
        volatile String matchedKeyId;

        CertificateEntry(X509Certificate certificate, List<X509Certificate> chain, X509Certificate anchor,
                         String fingerprint, TppIdentity identity) {
            this.certificate = certificate;
            this.chain = chain.isEmpty() ? List.of(certificate) : List.copyOf(chain);
            this.anchor = anchor;
            this.issuer = this.chain.size() > 1 ? this.chain.get(1) : anchor;
            List<String> prints = new ArrayList<>();
            prints.add(fingerprint);
            long caFrom = Long.MIN_VALUE;
            long caTo = Long.MAX_VALUE;
            for (int i = 1; i < this.chain.size(); i++) {
                X509Certificate ca = this.chain.get(i);
                try {
                    prints.add(CertificateValidator.fingerprint(ca.getEncoded()));
                } catch (java.security.cert.CertificateEncodingException e) {
                    throw new IllegalStateException(e);
                }
                caFrom = Math.max(caFrom, ca.getNotBefore().getTime());
                caTo = Math.min(caTo, ca.getNotAfter().getTime());
            }
            this.fingerprints = List.copyOf(prints);
            this.caNotBefore = caFrom;
            this.caNotAfter = caTo;
            this.fingerprint = fingerprint;
            this.identity = identity;
            this.notBefore = certificate.getNotBefore().getTime();
            this.notAfter = certificate.getNotAfter().getTime();
            this.failureClass = null;
            this.failure = null;
            this.transientFailure = false;
        }

        private CertificateEntry(ErrorClass failureClass, String failure, boolean transientFailure) {
            this.certificate = null;
            this.issuer = null;
            this.chain = List.of();
            this.fingerprints = List.of();
            this.anchor = null;
            this.fingerprint = null;
            this.identity = null;
            this.notBefore = 0;
            this.notAfter = 0;
            this.caNotBefore = 0;
            this.caNotAfter = 0;
            this.failureClass = failureClass;
            this.failure = failure;
            this.transientFailure = transientFailure;
        }

        static CertificateEntry failed(ErrorClass failureClass, String failure) {
            return new CertificateEntry(failureClass, failure, false);
        }

        static CertificateEntry failedForNow(ErrorClass failureClass, String failure) {
            return new CertificateEntry(failureClass, failure, true);
        }
    }
}
