package eu.xs2a.testsupport;

import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.core.Psd2Oids;
import eu.xs2a.security.tpp.Role;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Date;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.DERUTF8String;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.AccessDescription;
import org.bouncycastle.asn1.x509.AuthorityInformationAccess;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.CRLDistPoint;
import org.bouncycastle.asn1.x509.CRLReason;
import org.bouncycastle.asn1.x509.DistributionPoint;
import org.bouncycastle.asn1.x509.DistributionPointName;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.X509v2CRLBuilder;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CRLConverter;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A certificate authority made at test time, issuing eIDAS-style QSEAL certificates with the ETSI TS 119 495
 * PSD2 QCStatement. Nothing here is ever committed: keys live in memory, or for {@link #shared()} under
 * {@code target/test-pki/} of the working directory (binary PKCS#8, deleted by {@code mvn clean}).
 *
 * <pre>{@code
 * TestPki pki = TestPki.shared();                      // the CA the services trust in tests (TestPkiResource)
 * TestTpp tpp = pki.tpp("PSDDE-BAFIN-111111", "Alpha TPP", Role.PSP_AI, Role.PSP_PI);
 * TestTpp old = pki.tppBuilder().organizationIdentifier("PSDDE-BAFIN-222222").roles(Role.PSP_AI).expired().build();
 * TestTpp ec  = pki.tppBuilder().ec().roles(Role.PSP_PI).build();
 * TestTpp weak = pki.tppBuilder().rsaBits(1024).roles(Role.PSP_AI).build();      // refused: under 2048 bits
 * TestTpp k1  = pki.tppBuilder().ecCurve("secp256k1").roles(Role.PSP_AI).build(); // refused: not P-256/384/521
 * TestTpp fr  = pki.tppBuilder().organizationIdentifier("PSDDE-BAFIN-1").nca("ACPR", "FR-ACPR").build(); // live: refused
 * TestTpp bad = TestPki.untrusted().tpp("PSDDE-BAFIN-333333", "Mallory", Role.PSP_AI);
 * }</pre>
 */
public final class TestPki {

    /** Where {@link #shared()} keeps its CA, relative to the working directory (a module's basedir in Maven). */
    public static final Path SHARED_DIR = Path.of("target", "test-pki");

    private static final SecureRandom RANDOM = new SecureRandom();
    private static volatile TestPki shared;
    private static volatile TestPki untrusted;

    private final X509Certificate caCertificate;
    private final PrivateKey caKey;
    private final Path caPemFile;
    private final Path crlFile;
    private final TestTpp revokedTpp;

    private TestPki(X509Certificate caCertificate, PrivateKey caKey, Path caPemFile, Path crlFile, TestTpp revokedTpp) {
        this.caCertificate = caCertificate;
        this.caKey = caKey;
        this.caPemFile = caPemFile;
        this.crlFile = crlFile;
        this.revokedTpp = revokedTpp;
    }

    /**
     * The trusted test CA of this module's test run: created on first use under {@code target/test-pki/} and
     * read back by every later classloader or JVM, so the services' trust anchors and the tests' signers agree.
     */
    public static TestPki shared() {
        TestPki pki = shared;
        if (pki == null) {
            synchronized (TestPki.class) {
                pki = shared;
                if (pki == null) {
                    pki = loadOrCreateShared(SHARED_DIR.toAbsolutePath());
                    shared = pki;
                }
            }
        }
        return pki;
    }

    /** A second CA, in memory only, that no service trusts. */
    public static TestPki untrusted() {
        TestPki pki = untrusted;
        if (pki == null) {
            synchronized (TestPki.class) {
                pki = untrusted;
                if (pki == null) {
                    pki = create("XS2A Untrusted Test CA");
                    untrusted = pki;
                }
            }
        }
        return pki;
    }

    /** A fresh in-memory CA (its PEM file is written to a temporary file on first {@link #caPemFile()}). */
    public static TestPki create(String commonName) {
        KeyPair ca = TestKeys.rsa();
        return new TestPki(caCertificate(new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.C, "DE")
                .addRDN(BCStyle.O, "XS2A Test PKI").addRDN(BCStyle.CN, commonName).build(), ca), ca.getPrivate(),
                null, null, null);
    }

    /**
     * A fresh in-memory CA with any subject, e.g. one shaped like a qualified trust service provider's:
     * {@code CN=Test QTSP CA 2-1,O=Test QTSP GmbH,organizationIdentifier=NTRDE-HRB000000,C=DE}.
     */
    public static TestPki createWithSubject(String subjectDn) {
        KeyPair ca = TestKeys.rsa();
        return new TestPki(caCertificate(new X500Name(BCStyle.INSTANCE, subjectDn), ca), ca.getPrivate(), null, null, null);
    }

    /**
     * A CA from an existing certificate and key (e.g. the sandbox CA made by {@code bin/sandbox-keys}, from which the
     * registration service's sandbox self-service issues QSEALs).
     */
    public static TestPki of(X509Certificate caCertificate, PrivateKey caKey) {
        return new TestPki(caCertificate, caKey, null, null, null);
    }

    public X509Certificate caCertificate() {
        return caCertificate;
    }

    /**
     * An intermediate CA issued by this one (valid from a day ago for five years), as a QTSP's issuing CA under its
     * root: the seals it issues chain to this CA through it. {@code crlDistributionPoints} name where this CA publishes
     * the CRL that may revoke it (e.g. a {@link RevocationServer} of this CA).
     */
    public TestPki intermediate(String commonName, String... crlDistributionPoints) {
        KeyPair keys = TestKeys.rsa();
        X500Name subject = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.C, "DE")
                .addRDN(BCStyle.O, "XS2A Test PKI").addRDN(BCStyle.CN, commonName).build();
        try {
            Instant now = Instant.now();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                    X500Name.getInstance(caCertificate.getSubjectX500Principal().getEncoded()),
                    new BigInteger(64, RANDOM).setBit(62), Date.from(now.minus(Duration.ofDays(1))),
                    Date.from(now.plus(Duration.ofDays(5 * 365))), subject, keys.getPublic());
            JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(0));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            builder.addExtension(Extension.subjectKeyIdentifier, false,
                    utils.createSubjectKeyIdentifier(keys.getPublic()));
            builder.addExtension(Extension.authorityKeyIdentifier, false,
                    utils.createAuthorityKeyIdentifier(caCertificate));
            if (crlDistributionPoints.length > 0) {
                builder.addExtension(Extension.cRLDistributionPoints, false, new CRLDistPoint(
                        java.util.Arrays.stream(crlDistributionPoints)
                                .map(url -> new DistributionPoint(new DistributionPointName(new GeneralNames(
                                        new GeneralName(GeneralName.uniformResourceIdentifier, url))), null, null))
                                .toArray(DistributionPoint[]::new)));
            }
            X509Certificate certificate = new JcaX509CertificateConverter()
                    .getCertificate(builder.build(contentSigner(caKey)));
            return new TestPki(certificate, keys.getPrivate(), null, null, null);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("Cannot issue test intermediate CA: " + e.getMessage(), e);
        }
    }

    /** The CA's key, for what signs in its name in tests (its OCSP responder, its CRLs). */
    public PrivateKey caKey() {
        return caKey;
    }

    /** The CA certificate as a PEM file: the value for {@code psd2.trust-anchors}. */
    public synchronized Path caPemFile() {
        if (caPemFile != null) {
            return caPemFile;
        }
        try {
            Path file = Files.createTempFile("test-ca-", ".pem");
            file.toFile().deleteOnExit();
            Files.writeString(file, RequestSigner.pem(caCertificate), StandardCharsets.US_ASCII);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * For {@link #shared()}: the CRL file listing {@link #revokedTpp()} (the value for {@code psd2.crl-files});
     * null for other CAs (use {@link #crl(X509Certificate...)}).
     */
    public Path crlFile() {
        return crlFile;
    }

    /** For {@link #shared()}: a PSP_AI/PSP_PI/PSP_IC TPP ({@code PSDDE-BAFIN-999999}) whose certificate is on {@link #crlFile()}. */
    public TestTpp revokedTpp() {
        if (revokedTpp == null) {
            throw new IllegalStateException("Only TestPki.shared() has a revoked TPP");
        }
        return revokedTpp;
    }

    /** An RSA-2048 QSEAL valid from an hour ago for a year, with the PSD2 statement holding the given roles. */
    public TestTpp tpp(String organizationIdentifier, String name, Role... roles) {
        return tppBuilder().organizationIdentifier(organizationIdentifier).name(name).roles(roles).build();
    }

    public TppBuilder tppBuilder() {
        return new TppBuilder(this);
    }

    /** A CRL of this CA listing the given certificates as revoked (keyCompromise), due to be replaced in 30 days. */
    public X509CRL crl(X509Certificate... revoked) {
        return crlDueAt(Instant.now().plus(Duration.ofDays(30)), revoked);
    }

    /** A CRL of this CA listing the given certificates as revoked (keyCompromise), with this nextUpdate. */
    public X509CRL crlDueAt(Instant nextUpdate, X509Certificate... revoked) {
        try {
            Instant now = Instant.now();
            X509v2CRLBuilder builder = new X509v2CRLBuilder(
                    X500Name.getInstance(caCertificate.getSubjectX500Principal().getEncoded()),
                    Date.from(nextUpdate.isBefore(now) ? nextUpdate.minus(Duration.ofDays(1)) : now.minus(Duration.ofHours(1))));
            builder.setNextUpdate(Date.from(nextUpdate));
            for (X509Certificate certificate : revoked) {
                builder.addCRLEntry(certificate.getSerialNumber(), Date.from(now.minus(Duration.ofMinutes(30))),
                        CRLReason.keyCompromise);
            }
            return new JcaX509CRLConverter().getCRL(builder.build(contentSigner(caKey)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A CRL in this CA's name listing these serials, due at {@code nextUpdate}, signed with {@code key}. */
    X509CRL crlOf(Collection<BigInteger> serials, Instant nextUpdate, PrivateKey key) {
        try {
            Instant now = Instant.now();
            X509v2CRLBuilder builder = new X509v2CRLBuilder(
                    X500Name.getInstance(caCertificate.getSubjectX500Principal().getEncoded()),
                    Date.from(now.minus(Duration.ofMinutes(1))));
            builder.setNextUpdate(Date.from(nextUpdate));
            for (BigInteger serial : serials) {
                builder.addCRLEntry(serial, Date.from(now.minus(Duration.ofHours(1))), CRLReason.keyCompromise);
            }
            return new JcaX509CRLConverter().getCRL(builder.build(contentSigner(key)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes {@link #crl(X509Certificate...)} as DER to a temporary file. */
    public Path crlFile(X509Certificate... revoked) {
        try {
            Path file = Files.createTempFile("test-crl-", ".crl");
            file.toFile().deleteOnExit();
            Files.write(file, crl(revoked).getEncoded());
            return file;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What a certificate's qcStatements say it is (EN 319 412-5), besides the PSD2 statement. */
    public enum QcProfile {
        /** QcCompliance and QcType eseal: a qualified seal certificate (QSealC), what live requires. The default. */
        QSEAL,
        /**
         * QcCompliance and QcType web: a qualified website certificate (QWAC), with a QWAC's keyUsage
         * (digitalSignature, keyEncipherment) and extendedKeyUsage (serverAuth, clientAuth).
         */
        QWAC,
        /** Neither QcCompliance nor QcType, only the PSD2 statement: a certificate that is not qualified. */
        NOT_QUALIFIED
    }

    /** Builds QSEALs of this CA; every call to {@link #build()} makes a new key pair unless given a public key. */
    public static final class TppBuilder {
        private final TestPki pki;
        private String organizationIdentifier = "PSDDE-BAFIN-" + (100000 + RANDOM.nextInt(900000));
        private String name = "Test TPP";
        private Set<Role> roles = EnumSet.noneOf(Role.class);
        private boolean qcStatement = true;
        private boolean organizationIdentifierInSubject = true;
        private boolean names = true;
        private X500Name subject;
        private QcProfile profile = QcProfile.QSEAL;
        private boolean ec;
        private String ecCurve = "secp256r1";
        private int rsaBits = 2048;
        private PublicKey publicKey;
        private Instant notBefore = Instant.now().minus(Duration.ofHours(1));
        private Instant notAfter = Instant.now().plus(Duration.ofDays(365));
        private BigInteger serial;
        private String ncaName = "Federal Financial Supervisory Authority";
        private String ncaId = "DE-BAFIN";
        private final List<String> ocspUrls = new ArrayList<>();
        private final List<String> crlUrls = new ArrayList<>();
        private final List<String> caIssuersUrls = new ArrayList<>();

        private TppBuilder(TestPki pki) {
            this.pki = pki;
        }

        public TppBuilder organizationIdentifier(String organizationIdentifier) {
            this.organizationIdentifier = organizationIdentifier;
            return this;
        }

        public TppBuilder name(String name) {
            this.name = name;
            return this;
        }

        public TppBuilder roles(Role... roles) {
            this.roles = roles.length == 0 ? EnumSet.noneOf(Role.class) : EnumSet.copyOf(Arrays.asList(roles));
            return this;
        }

        public TppBuilder roles(Collection<Role> roles) {
            this.roles = roles.isEmpty() ? EnumSet.noneOf(Role.class) : EnumSet.copyOf(roles);
            return this;
        }

        /** No PSD2 QCStatement at all (so the certificate has no roles). */
        public TppBuilder withoutQcStatement() {
            this.qcStatement = false;
            return this;
        }

        /** No organizationIdentifier attribute in the subject. */
        public TppBuilder withoutOrganizationIdentifier() {
            this.organizationIdentifierInSubject = false;
            return this;
        }

        /** No O and no CN in the subject (only C and organizationIdentifier): against EN 319 412-3, but it happens. */
        public TppBuilder withoutNames() {
            this.names = false;
            return this;
        }

        /**
         * This subject instead of {@code C, organizationIdentifier, O, CN}, e.g. one with a multi-valued RDN
         * ({@code X500NameBuilder.addMultiValuedRDN}). {@link TestTpp#tppId()} stays {@link #organizationIdentifier}.
         */
        public TppBuilder subject(X500Name subject) {
            this.subject = subject;
            return this;
        }

        /** What the qcStatements say besides the PSD2 statement; {@link QcProfile#QSEAL} unless set. */
        public TppBuilder profile(QcProfile profile) {
            this.profile = profile;
            return this;
        }

        /** A QWAC ({@link QcProfile#QWAC}): same TPP, same PSD2 statement, but for websites, not seals. */
        public TppBuilder qwac() {
            return profile(QcProfile.QWAC);
        }

        /** An EC P-256 key instead of RSA-2048. */
        public TppBuilder ec() {
            this.ec = true;
            return this;
        }

        /**
         * An EC key on this named curve instead of RSA-2048, e.g. {@code secp384r1}, or {@code secp256k1}, which the
         * gateway refuses (the JDK no longer has it, so such keys are made with BouncyCastle's provider, here only).
         * A certificate with such a key is for testing refusals: the JDK cannot sign with its private key.
         */
        public TppBuilder ecCurve(String curve) {
            this.ec = true;
            this.ecCurve = curve;
            return this;
        }

        /** An RSA key of this many bits instead of 2048, e.g. 1024, which the gateway refuses. */
        public TppBuilder rsaBits(int bits) {
            this.ec = false;
            this.rsaBits = bits;
            return this;
        }

        /**
         * A certificate for this key, a TPP's own (from its certificate request), instead of a key pair made here:
         * the built TestTpp has no private key.
         */
        public TppBuilder publicKey(PublicKey key) {
            this.publicKey = key;
            return this;
        }

        public TppBuilder validity(Instant notBefore, Instant notAfter) {
            this.notBefore = notBefore;
            this.notAfter = notAfter;
            return this;
        }

        /** Valid from 400 days ago until yesterday. */
        public TppBuilder expired() {
            return validity(Instant.now().minus(Duration.ofDays(400)), Instant.now().minus(Duration.ofDays(1)));
        }

        /** Valid from tomorrow for a year. */
        public TppBuilder notYetValid() {
            return validity(Instant.now().plus(Duration.ofDays(1)), Instant.now().plus(Duration.ofDays(366)));
        }

        public TppBuilder serial(BigInteger serial) {
            this.serial = serial;
            return this;
        }

        public TppBuilder nca(String ncaName, String ncaId) {
            this.ncaName = ncaName;
            this.ncaId = ncaId;
            return this;
        }

        /** An OCSP responder in the Authority Information Access extension (e.g. {@link RevocationServer#ocspUrl}). */
        public TppBuilder ocsp(String url) {
            this.ocspUrls.add(url);
            return this;
        }

        /** A CRL distribution point (e.g. {@link RevocationServer#crlUrl}). */
        public TppBuilder crlDistributionPoint(String url) {
            this.crlUrls.add(url);
            return this;
        }

        /** Where its issuing CA's certificate is published (AIA caIssuers), e.g. {@link FileServer#url}. */
        public TppBuilder caIssuers(String url) {
            this.caIssuersUrls.add(url);
            return this;
        }

        /** Both sources of a {@link RevocationServer} of this CA. */
        public TppBuilder revocationFrom(RevocationServer server) {
            return ocsp(server.ocspUrl()).crlDistributionPoint(server.crlUrl());
        }

        public TestTpp build() {
            KeyPair keys = publicKey != null ? new KeyPair(publicKey, null)
                    : ec ? TestKeys.ec(ecCurve) : TestKeys.rsa(rsaBits);
            BigInteger serialNumber = serial != null ? serial : new BigInteger(64, RANDOM).setBit(62);
            X509Certificate certificate = pki.issue(subject != null ? subject : subject(), keys.getPublic(),
                    serialNumber, notBefore, notAfter, qcStatement ? roles : null, ncaName, ncaId, profile,
                    ocspUrls, crlUrls, caIssuersUrls);
            return new TestTpp(certificate, keys.getPrivate(), organizationIdentifierInSubject ? organizationIdentifier : null);
        }

        private X500Name subject() {
            X500NameBuilder builder = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.C, "DE");
            if (organizationIdentifierInSubject) {
                builder.addRDN(BCStyle.ORGANIZATION_IDENTIFIER, organizationIdentifier);
            }
            return names ? builder.addRDN(BCStyle.O, name).addRDN(BCStyle.CN, name).build() : builder.build();
        }
    }

    private X509Certificate issue(X500Name subject, PublicKey publicKey, BigInteger serial, Instant notBefore,
                                  Instant notAfter, Set<Role> psd2Roles, String ncaName, String ncaId,
                                  QcProfile profile, List<String> ocspUrls, List<String> crlUrls,
                                  List<String> caIssuersUrls) {
        try {
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                    X500Name.getInstance(caCertificate.getSubjectX500Principal().getEncoded()), serial,
                    Date.from(notBefore), Date.from(notAfter), subject, publicKey);
            JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            if (profile == QcProfile.QWAC) {
                builder.addExtension(Extension.keyUsage, true,
                        new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
                builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(
                        new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}));
            } else {
                builder.addExtension(Extension.keyUsage, true,
                        new KeyUsage(KeyUsage.digitalSignature | KeyUsage.nonRepudiation));
            }
            builder.addExtension(Extension.subjectKeyIdentifier, false, utils.createSubjectKeyIdentifier(publicKey));
            builder.addExtension(Extension.authorityKeyIdentifier, false,
                    utils.createAuthorityKeyIdentifier(caCertificate));
            if (!ocspUrls.isEmpty() || !caIssuersUrls.isEmpty()) {
                List<AccessDescription> access = new ArrayList<>();
                ocspUrls.forEach(url -> access.add(new AccessDescription(AccessDescription.id_ad_ocsp,
                        new GeneralName(GeneralName.uniformResourceIdentifier, url))));
                caIssuersUrls.forEach(url -> access.add(new AccessDescription(AccessDescription.id_ad_caIssuers,
                        new GeneralName(GeneralName.uniformResourceIdentifier, url))));
                builder.addExtension(Extension.authorityInfoAccess, false,
                        new AuthorityInformationAccess(access.toArray(AccessDescription[]::new)));
            }
            if (!crlUrls.isEmpty()) {
                builder.addExtension(Extension.cRLDistributionPoints, false, new CRLDistPoint(crlUrls.stream()
                        .map(url -> new DistributionPoint(new DistributionPointName(new GeneralNames(
                                new GeneralName(GeneralName.uniformResourceIdentifier, url))), null, null))
                        .toArray(DistributionPoint[]::new)));
            }
            if (psd2Roles != null) {
                builder.addExtension(new ASN1ObjectIdentifier(Psd2Oids.QC_STATEMENTS), false,
                        qcStatements(psd2Roles, ncaName, ncaId, profile));
            }
            X509CertificateHolder holder = builder.build(contentSigner(caKey));
            return new JcaX509CertificateConverter().getCertificate(holder);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("Cannot issue test certificate: " + e.getMessage(), e);
        }
    }

    /** QCStatements ::= SEQUENCE OF QCStatement; QCStatement ::= SEQUENCE { statementId OID, statementInfo ANY }. */
    private static DERSequence qcStatements(Set<Role> roles, String ncaName, String ncaId, QcProfile profile) {
        ASN1EncodableVector rolesOfPsp = new ASN1EncodableVector();
        for (Role role : roles) {
            rolesOfPsp.add(new DERSequence(new org.bouncycastle.asn1.ASN1Encodable[] {
                    new ASN1ObjectIdentifier(Psd2Oids.roleOid(role)), new DERUTF8String(role.name())}));
        }
        DERSequence psd2QcType = new DERSequence(new org.bouncycastle.asn1.ASN1Encodable[] {
                new DERSequence(rolesOfPsp), new DERUTF8String(ncaName), new DERUTF8String(ncaId)});
        ASN1EncodableVector statements = new ASN1EncodableVector();
        if (profile != QcProfile.NOT_QUALIFIED) {
            statements.add(new DERSequence(new ASN1ObjectIdentifier(Psd2Oids.QC_COMPLIANCE)));
            String qcType = profile == QcProfile.QWAC ? Psd2Oids.QC_TYPE_WEB : Psd2Oids.QC_TYPE_ESEAL;
            statements.add(new DERSequence(new org.bouncycastle.asn1.ASN1Encodable[] {
                    new ASN1ObjectIdentifier(Psd2Oids.QC_TYPE), new DERSequence(new ASN1ObjectIdentifier(qcType))}));
        }
        statements.add(new DERSequence(new org.bouncycastle.asn1.ASN1Encodable[] {
                new ASN1ObjectIdentifier(Psd2Oids.PSD2_QC_TYPE), psd2QcType}));
        return new DERSequence(statements);
    }

    private static X509Certificate caCertificate(X500Name name, KeyPair keys) {
        try {
            Instant now = Instant.now();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name,
                    new BigInteger(64, RANDOM).setBit(62), Date.from(now.minus(Duration.ofDays(1))),
                    Date.from(now.plus(Duration.ofDays(3650))), name, keys.getPublic());
            JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            builder.addExtension(Extension.subjectKeyIdentifier, false,
                    utils.createSubjectKeyIdentifier(keys.getPublic()));
            return new JcaX509CertificateConverter().getCertificate(builder.build(contentSigner(keys.getPrivate())));
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("Cannot create test CA: " + e.getMessage(), e);
        }
    }

    private static org.bouncycastle.operator.ContentSigner contentSigner(PrivateKey key) {
        try {
            return new JcaContentSignerBuilder("SHA256withRSA").build(key);
        } catch (OperatorCreationException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- the shared CA on disk -------------------------------------------------------------------------------

    private static final String CA_PEM = "ca.pem";
    private static final String CA_KEY = "ca-key.pk8";
    private static final String CRL = "ca.crl";
    private static final String REVOKED_PEM = "revoked-tpp.pem";
    private static final String REVOKED_KEY = "revoked-tpp-key.pk8";
    private static final String REVOKED_ORG_ID = "PSDDE-BAFIN-999999";

    private static TestPki loadOrCreateShared(Path dir) {
        try {
            Files.createDirectories(dir);
            try (FileChannel channel = FileChannel.open(dir.resolve(".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock ignored = lock(channel)) {
                if (!Files.exists(dir.resolve(REVOKED_KEY))) {
                    writeShared(dir);
                }
                return readShared(dir);
            }
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("Cannot load or create the shared test PKI in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Another classloader of this JVM may hold the lock for a moment; another JVM blocks in lock(). */
    private static FileLock lock(FileChannel channel) throws IOException {
        while (true) {
            try {
                return channel.lock();
            } catch (OverlappingFileLockException e) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new IOException("Interrupted while waiting for the test PKI lock", interrupted);
                }
            }
        }
    }

    private static void writeShared(Path dir) throws IOException, GeneralSecurityException {
        KeyPair caKeys = TestKeys.rsa();
        X509Certificate ca = caCertificate(new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.C, "DE")
                .addRDN(BCStyle.O, "XS2A Test PKI").addRDN(BCStyle.CN, "XS2A Sandbox Test CA").build(), caKeys);
        TestPki pki = new TestPki(ca, caKeys.getPrivate(), null, null, null);
        TestTpp revoked = pki.tpp(REVOKED_ORG_ID, "Revoked TPP", Role.PSP_AI, Role.PSP_PI, Role.PSP_IC);
        writeAtomically(dir.resolve(CA_PEM), RequestSigner.pem(ca).getBytes(StandardCharsets.US_ASCII));
        writeAtomically(dir.resolve(CRL), pki.crl(revoked.certificate()).getEncoded());
        writeAtomically(dir.resolve(REVOKED_PEM), revoked.certificatePem().getBytes(StandardCharsets.US_ASCII));
        writeAtomically(dir.resolve(CA_KEY), caKeys.getPrivate().getEncoded());
        // written last: its presence means the whole set is there
        writeAtomically(dir.resolve(REVOKED_KEY), revoked.privateKey().getEncoded());
    }

    private static TestPki readShared(Path dir) throws IOException, GeneralSecurityException {
        X509Certificate ca = readCertificate(dir.resolve(CA_PEM));
        X509Certificate revoked = readCertificate(dir.resolve(REVOKED_PEM));
        PrivateKey caKey = readRsaKey(dir.resolve(CA_KEY));
        PrivateKey revokedKey = readRsaKey(dir.resolve(REVOKED_KEY));
        return new TestPki(ca, caKey, dir.resolve(CA_PEM), dir.resolve(CRL), new TestTpp(revoked, revokedKey, REVOKED_ORG_ID));
    }

    private static X509Certificate readCertificate(Path file) throws IOException, GeneralSecurityException {
        try (var in = Files.newInputStream(file)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    private static PrivateKey readRsaKey(Path file) throws IOException, GeneralSecurityException {
        return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(Files.readAllBytes(file)));
    }

    private static void writeAtomically(Path target, byte[] content) throws IOException {
        Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
        Files.write(tmp, content);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
