package eu.xs2a.account.aspsp;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** An amount as the bank writes it: a decimal string and an ISO 4217 currency. */
@RegisterForReflection
public record BankAmount(String currency, String amount) {
}
