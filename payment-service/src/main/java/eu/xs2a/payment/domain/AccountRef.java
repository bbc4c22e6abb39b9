package eu.xs2a.payment.domain;

import com.fasterxml.jackson.annotation.JsonInclude;

/** An account reference of a payment order (the interface's creditorAccount/debtorAccount fields). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@io.quarkus.runtime.annotations.RegisterForReflection
public record AccountRef(String iban, String bban, String sortCode, String swiftCode, String currency) {
}
