package eu.xs2a.account.aspsp;

/** An amount as the bank writes it: a decimal string and an ISO 4217 currency. */
public record BankAmount(String currency, String amount) {
}
