package eu.xs2a.security.tpp;

import java.security.cert.X509Certificate;
import java.util.EnumSet;
import java.util.Set;

/**
 * The authenticated caller of a signed request. A TPP is identified by its organizationIdentifier (e.g.
 * {@code PSDDE-BAFIN-123456}), not by its certificate, so a renewed certificate keeps the TPP's resources.
 *
 * @param tppId        the certificate subject's organizationIdentifier (OID 2.5.4.97)
 * @param name         the subject's organization name (O), or its CN when there is no O
 * @param roles        PSD2 roles from the QCStatement; empty when the certificate has no PSD2 statement
 * @param ncaName      the competent authority's name from the QCStatement, or null
 * @param ncaId        the competent authority's id from the QCStatement, or null
 * @param fingerprint  lowercase hex SHA-256 of the certificate's DER encoding
 * @param certificate  the TPP's certificate
 */
public record TppIdentity(String tppId, String name, Set<Role> roles, String ncaName, String ncaId,
                          String fingerprint, X509Certificate certificate) {

    /**
     * The longest organizationIdentifier a TPP may have, in characters: the width of {@code tpp_id} in every
     * service's tables (varchar(140), xs2a-security's request_replay included). X.520 sets no bound of its own;
     * a longer one is refused with the certificate instead of failing later at the database.
     */
    public static final int MAX_ID_LENGTH = 140;

    /**
     * The longest organization name (O, else CN) a TPP may have, in characters: the width of {@code tpp_name} in the
     * services and the bank that keep it with each consent and payment (varchar(255)). X.520's bound is 64, but
     * certificates exceed it, and only the database would notice.
     */
    public static final int MAX_NAME_LENGTH = 255;

    public TppIdentity {
        roles = roles.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(roles));
    }

    public Set<Scope> scopes() {
        return Scope.of(roles);
    }

    public boolean hasAnyRole(Set<Role> required) {
        for (Role role : required) {
            if (roles.contains(role)) {
                return true;
            }
        }
        return false;
    }
}
