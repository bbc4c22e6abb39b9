package eu.xs2a.account.domain;

import java.util.List;

/** One page of an account's transactions; {@code balances} is null unless withBalance was asked and is covered. */
public record TransactionReport(Account account, TransactionQuery query, List<Transaction> transactions, long total,
                                List<Balance> balances) {

    public int lastPage() {
        return total == 0 ? 0 : (int) ((total - 1) / query.size());
    }
}
