package eu.xs2a.account.domain;

/** One transaction with the account it belongs to. */
public record AccountTransaction(Account account, Transaction transaction) {
}
