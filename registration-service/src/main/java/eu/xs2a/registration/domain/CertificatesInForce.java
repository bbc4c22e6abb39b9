package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.security.tpp.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;

/**
 * Which of an organisation's stored certificates count now. A certificate is stored once, while it is valid, and stays
 * on the record; but the scopes ("Scopes" section of the interface: recomputed from the TPP's certificates) come only
 * from the certificates that xs2a-security's certificate validation accepts at this moment, the very check a signed
 * request's certificate gets (chain to a trust anchor, CRLs, validity, in live a QSealC). So an expired or revoked
 * certificate stops granting its roles, and a renewed one added later grants them again. The validation is cached
 * per certificate (all but the dates), so reading a TPP costs no new parsing.
 */
@ApplicationScoped
public class CertificatesInForce {

    @Inject TrustedCertificates trust;

    /** Each certificate with its status at {@code now}, in the given order. */
    public List<CheckedCertificate> check(List<TppCertificate> certificates, Instant now) {
        return certificates.stream().map(c -> new CheckedCertificate(c, statusOf(c, now))).toList();
    }

    /** The scopes of the certificates valid at {@code now}. */
    public List<String> scopes(List<TppCertificate> certificates, Instant now) {
        return scopesOf(check(certificates, now));
    }

    /** The scopes that the valid ones of these certificates yield; the others yield none. */
    public static List<String> scopesOf(List<CheckedCertificate> checked) {
        EnumSet<Role> roles = EnumSet.noneOf(Role.class);
        checked.stream()
                .filter(c -> c.status() == CertificateStatus.valid)
                .forEach(c -> roles.addAll(c.certificate().roleSet()));
        return Scope.of(roles).stream().map(Enum::name).toList();
    }

    CertificateStatus statusOf(TppCertificate certificate, Instant now) {
        if (now.isAfter(certificate.notAfter)) {
            return CertificateStatus.expired; // known from the row alone
        }
        try {
            trust.validate(certificate.pem, now, "stored certificate " + certificate.fingerprint);
            return CertificateStatus.valid;
        } catch (Psd2Exception e) {
            return switch (e.errorClass()) {
                case CERTIFICATE_EXPIRED -> CertificateStatus.expired;
                case CERTIFICATE_REVOKED -> CertificateStatus.revoked;
                default -> CertificateStatus.invalid;
            };
        }
    }
}
