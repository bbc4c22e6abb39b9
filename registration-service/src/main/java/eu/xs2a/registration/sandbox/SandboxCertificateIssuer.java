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
 * statement (roles, NCA BaFin). The gateway's test PKI builds the same profile for tests, but is test support and
 * has no place in a production class.
 */
final class SandboxCertificateIssuer {

    static final String NCA_NAME = "Federal Financial Supervisory Authority";
    static final String NCA_ID = "DE-BAFIN";

    private static final SecureRandom RANDOM = new SecureRandom();

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
            builder.addExtension(new ASN1ObjectIdentifier(Psd2Oids.QC_STATEMENTS), false, qcStatements(roles));
            String algorithm = "EC".equals(caKey.getAlgorithm()) ? "SHA256withECDSA" : "SHA256withRSA";
            return new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder(algorithm).build(caKey)));
        } catch (GeneralSecurityException | IOException | OperatorCreationException e) {
            throw new IllegalStateException("Cannot issue a sandbox certificate: " + e.getMessage(), e);
        }
    }

    /** QCStatements ::= SEQUENCE OF SEQUENCE { statementId OID, statementInfo ANY } (EN 319 412-5, TS 119 495). */
    private static DERSequence qcStatements(Set<Role> roles) {
        ASN1EncodableVector rolesOfPsp = new ASN1EncodableVector();
        for (Role role : roles) {
            rolesOfPsp.add(sequence(new ASN1ObjectIdentifier(Psd2Oids.roleOid(role)), new DERUTF8String(role.name())));
        }
        return sequence(
                sequence(new ASN1ObjectIdentifier(Psd2Oids.QC_COMPLIANCE)),
                sequence(new ASN1ObjectIdentifier(Psd2Oids.QC_TYPE),
                        sequence(new ASN1ObjectIdentifier(Psd2Oids.QC_TYPE_ESEAL))),
                sequence(new ASN1ObjectIdentifier(Psd2Oids.PSD2_QC_TYPE), sequence(new DERSequence(rolesOfPsp),
                        new DERUTF8String(NCA_NAME), new DERUTF8String(NCA_ID))));
    }

    private static DERSequence sequence(ASN1Encodable... elements) {
        return new DERSequence(elements);
    }
}
