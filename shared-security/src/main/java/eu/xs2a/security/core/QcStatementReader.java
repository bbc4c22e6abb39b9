package eu.xs2a.security.core;

import eu.xs2a.security.tpp.Role;
import java.security.cert.X509Certificate;
import java.util.EnumSet;
import java.util.Set;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1String;
import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x500.style.IETFUtils;

/**
 * Reads what a PSD2 QSEAL says about its holder: the ETSI TS 119 495 PSD2 QCStatement (roles, NCA) and the
 * subject's organizationIdentifier and name. BouncyCastle is used for ASN.1 reading only.
 */
final class QcStatementReader {

    /** The PSD2 statement; {@code present} false when the certificate carries none (then it has no roles). */
    record Psd2Statement(boolean present, Set<Role> roles, String ncaName, String ncaId) {
        static final Psd2Statement NONE = new Psd2Statement(false, Set.of(), null, null);
    }

    private QcStatementReader() {
    }

    /** @throws IllegalArgumentException when the qcStatements extension is not well-formed */
    static Psd2Statement psd2Statement(X509Certificate certificate) {
        byte[] extension = certificate.getExtensionValue(Psd2Oids.QC_STATEMENTS);
        if (extension == null) {
            return Psd2Statement.NONE;
        }
        try {
            ASN1Sequence statements = ASN1Sequence.getInstance(
                    ASN1Primitive.fromByteArray(ASN1OctetString.getInstance(extension).getOctets()));
            for (ASN1Encodable element : statements) {
                ASN1Sequence statement = ASN1Sequence.getInstance(element);
                String id = ASN1ObjectIdentifier.getInstance(statement.getObjectAt(0)).getId();
                if (Psd2Oids.PSD2_QC_TYPE.equals(id) && statement.size() > 1) {
                    return readPsd2QcType(ASN1Sequence.getInstance(statement.getObjectAt(1)));
                }
            }
            return Psd2Statement.NONE;
        } catch (Exception e) {
            throw new IllegalArgumentException("the qcStatements extension is malformed", e);
        }
    }

    /** PSD2QcType ::= SEQUENCE { rolesOfPSP SEQUENCE OF RoleOfPSP, nCAName UTF8String, nCAId UTF8String }. */
    private static Psd2Statement readPsd2QcType(ASN1Sequence psd2QcType) {
        EnumSet<Role> roles = EnumSet.noneOf(Role.class);
        for (ASN1Encodable element : ASN1Sequence.getInstance(psd2QcType.getObjectAt(0))) {
            // RoleOfPSP ::= SEQUENCE { roleOfPspOid OID, roleOfPspName UTF8String }; the OID decides
            ASN1Sequence roleOfPsp = ASN1Sequence.getInstance(element);
            Role role = Psd2Oids.roleForOid(ASN1ObjectIdentifier.getInstance(roleOfPsp.getObjectAt(0)).getId());
            if (role != null) {
                roles.add(role);
            }
        }
        String ncaName = psd2QcType.size() > 1 ? text(psd2QcType.getObjectAt(1)) : null;
        String ncaId = psd2QcType.size() > 2 ? text(psd2QcType.getObjectAt(2)) : null;
        return new Psd2Statement(true, roles, ncaName, ncaId);
    }

    private static String text(ASN1Encodable value) {
        return value instanceof ASN1String s ? s.getString() : null;
    }

    /** The subject's organizationIdentifier (2.5.4.97), or null. */
    static String organizationIdentifier(X509Certificate certificate) {
        return subjectAttribute(certificate, BCStyle.ORGANIZATION_IDENTIFIER);
    }

    /** The subject's O, else its CN, else null. */
    static String organizationName(X509Certificate certificate) {
        String o = subjectAttribute(certificate, BCStyle.O);
        return o != null ? o : subjectAttribute(certificate, BCStyle.CN);
    }

    private static String subjectAttribute(X509Certificate certificate, ASN1ObjectIdentifier type) {
        X500Name subject = X500Name.getInstance(certificate.getSubjectX500Principal().getEncoded());
        RDN[] rdns = subject.getRDNs(type);
        if (rdns.length == 0) {
            return null;
        }
        ASN1Encodable value = rdns[0].getFirst().getValue();
        return value instanceof ASN1String s ? s.getString() : IETFUtils.valueToString(value);
    }
}
