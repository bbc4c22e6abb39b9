package eu.xs2a.registration.domain;

import java.util.List;

/**
 * A TPP with all its certificates, each with its status at the moment of reading, and the scopes the valid ones yield
 * ({@link CertificatesInForce}), as read after a change.
 */
public record TppRecord(Tpp tpp, List<CheckedCertificate> certificates, List<String> scopes) {
}
