package eu.xs2a.registration.sandbox;

import eu.xs2a.security.core.Psd2Oids;
import eu.xs2a.security.tpp.Role;
import java.io.IOException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Date;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.DERUTF8String;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Issues the sandbox's QSEALs from the sandbox CA: subject {@code C=DE, organizationIdentifier, O, CN}; keyUsage
 * digitalSignature and nonRepudiation; qcStatements QcCompliance, QcType eseal and the ETSI TS 119 495 PSD2
 * statement (roles, and the NCA id the organizationIdentifier names, as ETSI TS 119 495 wants them to agree:
 * {@code PSDDE-BAFIN-…} → {@code DE-BAFIN}, a minted {@code PSDXX-SANDBOX-…} → {@code XX-SANDBOX}). The gateway's test
 * PKI builds the same profile for tests, but is test support and has no place in a production class.
 */
final class SandboxCertificateIssuer {

    static final String NCA_NAME = "Federal Financial Supervisory Authority";
    static final String NCA_ID = "DE-BAFIN";

    private static final SecureRandom RANDOM = new SecureRandom();
    /** PSD + country-NCA + "-" + id: the NCA id is the middle part. */
    private static final Pattern PSD_IDENTIFIER = Pattern.compile("PSD([A-Z]{2}-[A-Z0-9]{1,8})-.+");

    private final X509Certificate caCertificate;
    private final PrivateKey caKey;

    SandboxCertificateIssuer(X509Certificate caCertificate, PrivateKey caKey) {
        this.caCertificate = caCertificate;
        this.caKey = caKey;
    }

    X509Certificate caCertificate() {
        return caCertificate;
    }

    X509Certificate issue(PublicKey publicKey, String organizationIdentifier, String organisationName,
                          Set<Role> roles, Instant notBefore, Instant notAfter) {
        X500Name subject = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.C, "DE")
                .addRDN(BCStyle.ORGANIZATION_IDENTIFIER, organizationIdentifier)
                .addRDN(BCStyle.O, organisationName).addRDN(BCStyle.CN, organisationName).build();
        try {
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(caCertificate,
                    new BigInteger(64, RANDOM).setBit(62), Date.from(notBefore), Date.from(notAfter), subject, publicKey);
            JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(Extension.keyUsage, true,
                    new KeyUsage(KeyUsage.digitalSignature | KeyUsage.nonRepudiation));
            builder.addExtension(Extension.subjectKeyIdentifier, false, utils.createSubjectKeyIdentifier(publicKey));
            builder.addExtension(Extension.authorityKeyIdentifier, false,
                    utils.createAuthorityKeyIdentifier(caCertificate));
            builder.addExtension(new ASN1ObjectIdentifier(Psd2Oids.QC_STATEMENTS), false, qcStatements(roles,
                    ncaId(organizationIdentifier)));
            String algorithm = "EC".equals(caKey.getAlgorithm()) ? "SHA256withECDSA" : "SHA256withRSA";
            return new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder(algorithm).build(caKey)));
        } catch (GeneralSecurityException | IOException | OperatorCreationException e) {
            throw new IllegalStateException("Cannot issue a sandbox certificate: " + e.getMessage(), e);
        }
    }

    /** QCStatements ::= SEQUENCE OF SEQUENCE { statementId OID, statementInfo ANY } (EN 319 412-5, TS 119 495). */
    /** The NCA id of the PSD2 statement: the one the organizationIdentifier names. */
    static String ncaId(String organizationIdentifier) {
        Matcher psd = PSD_IDENTIFIER.matcher(organizationIdentifier);
        return psd.matches() ? psd.group(1) : NCA_ID;
    }

    /** BaFin's name for its id; a sandbox name for any other (no authority stands behind a sandbox seal). */
    static String ncaName(String ncaId) {
        return NCA_ID.equals(ncaId) ? NCA_NAME : "Sandbox authority " + ncaId;
    }

    private static DERSequence qcStatements(Set<Role> roles, String ncaId) {
        ASN1EncodableVector rolesOfPsp = new ASN1EncodableVector();
        for (Role role : roles) {
            rolesOfPsp.add(sequence(new ASN1ObjectIdentifier(Psd2Oids.roleOid(role)), new DERUTF8String(role.name())));
        }
        return sequence(
                sequence(new ASN1ObjectIdentifier(Psd2Oids.QC_COMPLIANCE)),
                sequence(new ASN1ObjectIdentifier(Psd2Oids.QC_TYPE),
                        sequence(new ASN1ObjectIdentifier(Psd2Oids.QC_TYPE_ESEAL))),
                sequence(new ASN1ObjectIdentifier(Psd2Oids.PSD2_QC_TYPE), sequence(new DERSequence(rolesOfPsp),
                        new DERUTF8String(ncaName(ncaId)), new DERUTF8String(ncaId))));
    }

    private static DERSequence sequence(ASN1Encodable... elements) {
        return new DERSequence(elements);
    }
}
