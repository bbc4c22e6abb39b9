package eu.xs2a.registration.domain;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.security.tpp.TppIdentity;
import eu.xs2a.security.client.RequestSigner;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Set;
import javax.security.auth.x500.X500Principal;

/**
 * What the registration records about a certificate that xs2a-security has already parsed and validated
 * (chain, validity, QCStatement roles, organizationIdentifier).
 */
public record CertificateFacts(String tppId, String organisationName, String fingerprint, String serialHex,
                               String issuer, Instant notAfter, Set<Role> roles, String pem) {

    public static CertificateFacts of(TppIdentity identity) {
        X509Certificate certificate = identity.certificate();
        return new CertificateFacts(identity.tppId(), identity.name(), identity.fingerprint(),
                certificate.getSerialNumber().toString(16).toUpperCase(),
                certificate.getIssuerX500Principal().getName(X500Principal.RFC2253),
                certificate.getNotAfter().toInstant(), identity.roles(), RequestSigner.pem(certificate));
    }

}
