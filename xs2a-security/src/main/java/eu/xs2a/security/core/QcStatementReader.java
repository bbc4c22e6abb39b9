package eu.xs2a.security.core;

import eu.xs2a.security.tpp.Role;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1String;
import org.bouncycastle.asn1.x500.AttributeTypeAndValue;
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

    /**
     * What the qcStatements extension says: EN 319 412-5's QcCompliance (an EU qualified certificate) and QcType
     * (eseal, esign, web: what the certificate is for), and ETSI TS 119 495's PSD2 statement.
     */
    record QcStatements(boolean qcCompliance, Set<String> qcTypes, Psd2Statement psd2) {
        static final QcStatements NONE = new QcStatements(false, Set.of(), Psd2Statement.NONE);
    }

    private QcStatementReader() {
    }

    /** @throws IllegalArgumentException when the qcStatements extension is not well-formed */
    static Psd2Statement psd2Statement(X509Certificate certificate) {
        return qcStatements(certificate).psd2();
    }

    /** @throws IllegalArgumentException when the qcStatements extension is not well-formed */
    static QcStatements qcStatements(X509Certificate certificate) {
        byte[] extension = certificate.getExtensionValue(Psd2Oids.QC_STATEMENTS);
        if (extension == null) {
            return QcStatements.NONE;
        }
        try {
            ASN1Sequence statements = ASN1Sequence.getInstance(
                    ASN1Primitive.fromByteArray(ASN1OctetString.getInstance(extension).getOctets()));
            boolean compliance = false;
            Set<String> types = new HashSet<>();
            Psd2Statement psd2 = Psd2Statement.NONE;
            for (ASN1Encodable element : statements) {
                ASN1Sequence statement = ASN1Sequence.getInstance(element);
                String id = ASN1ObjectIdentifier.getInstance(statement.getObjectAt(0)).getId();
                if (Psd2Oids.QC_COMPLIANCE.equals(id)) {
                    compliance = true;
                } else if (Psd2Oids.QC_TYPE.equals(id) && statement.size() > 1) {
                    // QcType-statementInfo ::= SEQUENCE OF OBJECT IDENTIFIER (id-etsi-qct-esign, -eseal, -web)
                    for (ASN1Encodable type : ASN1Sequence.getInstance(statement.getObjectAt(1))) {
                        types.add(ASN1ObjectIdentifier.getInstance(type).getId());
                    }
                } else if (Psd2Oids.PSD2_QC_TYPE.equals(id) && statement.size() > 1 && !psd2.present()) {
                    psd2 = readPsd2QcType(ASN1Sequence.getInstance(statement.getObjectAt(1)));
                }
            }
            return new QcStatements(compliance, Set.copyOf(types), psd2);
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

    /**
     * Every organizationIdentifier (2.5.4.97) of the subject, in order: the TPP id when there is exactly one. More
     * than one makes the TPP id ambiguous, which the caller refuses.
     */
    static List<String> organizationIdentifiers(X509Certificate certificate) {
        return subjectAttributes(certificate, BCStyle.ORGANIZATION_IDENTIFIER);
    }

    /** The subject's first O, else its first CN, else null. */
    static String organizationName(X509Certificate certificate) {
        List<String> o = subjectAttributes(certificate, BCStyle.O);
        if (!o.isEmpty()) {
            return o.get(0);
        }
        List<String> cn = subjectAttributes(certificate, BCStyle.CN);
        return cn.isEmpty() ? null : cn.get(0);
    }

    /**
     * The values of one attribute type, looked up in every attribute of every RDN. A multi-valued RDN
     * ({@code O=Example GmbH + organizationIdentifier=PSDDE-BAFIN-1}) holds several types: BouncyCastle's
     * {@code getRDNs(type)} finds it by any of them and its {@code getFirst()} is whichever DER sorted first, so the
     * value is picked by its own type here.
     */
    private static List<String> subjectAttributes(X509Certificate certificate, ASN1ObjectIdentifier type) {
        X500Name subject = X500Name.getInstance(certificate.getSubjectX500Principal().getEncoded());
        List<String> values = new ArrayList<>();
        for (RDN rdn : subject.getRDNs()) {
            for (AttributeTypeAndValue attribute : rdn.getTypesAndValues()) {
                if (type.equals(attribute.getType())) {
                    ASN1Encodable value = attribute.getValue();
                    values.add(value instanceof ASN1String s ? s.getString() : IETFUtils.valueToString(value));
                }
            }
        }
        return values;
    }
}
