package eu.xs2a.account.domain;

import java.util.List;

/** An account as a consent shows it; {@code balances} is null when they were not asked for or not covered. */
public record AccountView(Account account, ConsentAccount coverage, List<Balance> balances) {
}
