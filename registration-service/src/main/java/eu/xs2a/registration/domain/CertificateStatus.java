package eu.xs2a.registration.domain;

/**
 * What a stored certificate is worth now. It was valid when it was stored; since then it may have passed its notAfter,
 * been put on its CA's revocation list, or lost its trust (its CA no longer a trust anchor, or in live not a QSealC).
 * Only a {@link #valid} certificate grants its PSD2 roles (see {@link CertificatesInForce}).
 */
public enum CertificateStatus {
    /** Accepted by xs2a-security's certificate validation at this moment: it grants its roles. */
    valid,
    /** Outside its validity period (CertificateExpired). */
    expired,
    /** On a configured CRL (CertificateInvalid with the code CERTIFICATE_REVOKE). */
    revoked,
    /** Refused for another reason, e.g. its CA is no longer a trust anchor (CertificateInvalid). */
    invalid
}
