package eu.xs2a.payment.domain;

/** instructedAmount: an ISO 4217 currency and a decimal string. */
@io.quarkus.runtime.annotations.RegisterForReflection
public record Money(String currency, String amount) {
}
