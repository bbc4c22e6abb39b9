package eu.xs2a.registration.domain;

/** A stored certificate with what it is worth at the moment it was read ({@link CertificatesInForce}). */
public record CheckedCertificate(TppCertificate certificate, CertificateStatus status) {
}
