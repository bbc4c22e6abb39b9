package eu.xs2a.registration.domain;

import java.util.List;

/** A TPP with its certificates and the scopes they yield, as read after a change. */
public record TppRecord(Tpp tpp, List<TppCertificate> certificates, List<String> scopes) {
}
