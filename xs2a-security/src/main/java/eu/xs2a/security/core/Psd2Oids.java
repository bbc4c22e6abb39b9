package eu.xs2a.security.core;

import eu.xs2a.security.tpp.Role;

/** Object identifiers of ETSI TS 119 495 and EN 319 412-5 (QCStatements of a PSD2 QSEAL). */
public final class Psd2Oids {
    /** The qcStatements certificate extension (RFC 3739). */
    public static final String QC_STATEMENTS = "1.3.6.1.5.5.7.1.3";
    /** EN 319 412-5 esi4-qcStatement-1: an EU qualified certificate. */
    public static final String QC_COMPLIANCE = "0.4.0.1862.1.1";
    /** EN 319 412-5 esi4-qcStatement-6: QcType, what the qualified certificate is for. */
    public static final String QC_TYPE = "0.4.0.1862.1.6";
    /** id-etsi-qct-eseal: a certificate for electronic seals (a QSealC, what PSD2 requests are signed with). */
    public static final String QC_TYPE_ESEAL = "0.4.0.1862.1.6.2";
    /** id-etsi-qct-web: a certificate for website authentication (a QWAC, for TLS, never a seal). */
    public static final String QC_TYPE_WEB = "0.4.0.1862.1.6.3";
    /** id-etsi-psd2-qcStatement: PSD2QcType ::= SEQUENCE { rolesOfPSP, nCAName, nCAId }. */
    public static final String PSD2_QC_TYPE = "0.4.0.19495.2";
    /** organizationIdentifier attribute of the subject, e.g. {@code PSDDE-BAFIN-123456}. */
    public static final String ORGANIZATION_IDENTIFIER = "2.5.4.97";

    private Psd2Oids() {
    }

    /** id-psd2-role-psp-as .1, -pi .2, -ai .3, -ic .4 under 0.4.0.19495.1. */
    public static String roleOid(Role role) {
        return switch (role) {
            case PSP_AS -> "0.4.0.19495.1.1";
            case PSP_PI -> "0.4.0.19495.1.2";
            case PSP_AI -> "0.4.0.19495.1.3";
            case PSP_IC -> "0.4.0.19495.1.4";
        };
    }

    /** The role for an OID, or null when the OID is not a PSD2 role. */
    public static Role roleForOid(String oid) {
        for (Role role : Role.values()) {
            if (roleOid(role).equals(oid)) {
                return role;
            }
        }
        return null;
    }
}
