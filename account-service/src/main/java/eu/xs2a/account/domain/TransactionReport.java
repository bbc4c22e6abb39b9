package eu.xs2a.account.domain;

import java.math.BigDecimal;
import java.util.List;

/**
 * One page of an account's transactions; {@code balances} is null unless withBalance was asked and is covered.
 * {@code bookedBefore}: the booked entries on the pages before this one (the newer ones) added up, which a statement
 * of a later page needs for its balances ({@link StatementBalances}); zero on the first page, and where not asked for.
 */
public record TransactionReport(Account account, TransactionQuery query, List<Transaction> transactions, long total,
                                List<Balance> balances, BigDecimal bookedBefore) {

    public TransactionReport(Account account, TransactionQuery query, List<Transaction> transactions, long total,
                             List<Balance> balances) {
        this(account, query, transactions, total, balances, BigDecimal.ZERO);
    }

    public int lastPage() {
        return total == 0 ? 0 : (int) ((total - 1) / query.size());
    }

    /** This page holds the oldest entries of the report (or there are none after it). */
    public boolean oldestPage() {
        return query.page() >= lastPage();
    }

    public TransactionReport withBookedBefore(BigDecimal sum) {
        return new TransactionReport(account, query, transactions, total, balances, sum);
    }
}
