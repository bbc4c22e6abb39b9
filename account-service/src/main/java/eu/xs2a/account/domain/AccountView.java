package eu.xs2a.account.domain;

import java.util.List;

/**
 * An account as a consent shows it; {@code balances} is null when they were not asked for or not covered.
 * {@code linked} is false under a consent to the list of accounts only (availableAccounts,
 * availableAccountsWithBalance): it reaches no resource of the account, so the account links to none.
 */
public record AccountView(Account account, ConsentAccount coverage, List<Balance> balances, boolean linked) {
}
