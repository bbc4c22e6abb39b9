package eu.xs2a.account.persistence;

import eu.xs2a.account.domain.Transaction;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Page;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
public class TransactionRepository implements PanacheRepositoryBase<Transaction, Long> {

    private static final String FILTER = "accountId = :account and bookingStatus in :statuses"
            + " and entryDate >= :from and entryDate <= :to";

    /**
     * Inserts or updates by (account, bank transaction id): fetching the same transaction again never duplicates it.
     * An HQL insert, so that the account references are bound as the entity maps them (JSON).
     */
    public void upsert(Transaction t) {
        getEntityManager().createQuery("""
                insert into Transaction (accountId, transactionId, bookingStatus, entryDate, bookingDate, valueDate,
                    amount, currency, entryReference, endToEndId, creditorName, creditorAccount, debtorName,
                    debtorAccount, remittanceInformation, bankTransactionCode)
                values (:account, :txId, :status, :entryDate, :bookingDate, :valueDate, :amount, :currency,
                    :entryReference, :endToEndId, :creditorName, :creditorAccount, :debtorName, :debtorAccount,
                    :remittance, :code)
                on conflict (accountId, transactionId) do update set
                    bookingStatus = excluded.bookingStatus, entryDate = excluded.entryDate,
                    bookingDate = excluded.bookingDate, valueDate = excluded.valueDate, amount = excluded.amount,
                    currency = excluded.currency, entryReference = excluded.entryReference,
                    endToEndId = excluded.endToEndId, creditorName = excluded.creditorName,
                    creditorAccount = excluded.creditorAccount, debtorName = excluded.debtorName,
                    debtorAccount = excluded.debtorAccount, remittanceInformation = excluded.remittanceInformation,
                    bankTransactionCode = excluded.bankTransactionCode""")
                .setParameter("account", t.accountId)
                .setParameter("txId", t.transactionId)
                .setParameter("status", t.bookingStatus)
                .setParameter("entryDate", t.entryDate)
                .setParameter("bookingDate", t.bookingDate)
                .setParameter("valueDate", t.valueDate)
                .setParameter("amount", t.amount)
                .setParameter("currency", t.currency)
                .setParameter("entryReference", t.entryReference)
                .setParameter("endToEndId", t.endToEndId)
                .setParameter("creditorName", t.creditorName)
                .setParameter("creditorAccount", t.creditorAccount)
                .setParameter("debtorName", t.debtorName)
                .setParameter("debtorAccount", t.debtorAccount)
                .setParameter("remittance", t.remittanceInformation)
                .setParameter("code", t.bankTransactionCode)
                .executeUpdate();
    }

    /** Pending transactions the bank no longer lists (booked under their id, or dropped) go away. */
    public void removePendingExcept(UUID accountId, Collection<String> stillListed) {
        if (stillListed.isEmpty()) {
            delete("accountId = ?1 and bookingStatus = ?2", accountId, Transaction.PENDING);
        } else {
            delete("accountId = ?1 and bookingStatus = ?2 and transactionId not in ?3", accountId,
                    Transaction.PENDING, stillListed);
        }
    }

    public List<Transaction> page(UUID accountId, Collection<String> statuses, LocalDate from, LocalDate to,
                                  int pageIndex, int pageSize) {
        return find(FILTER + " order by entryDate desc, transactionId", params(accountId, statuses, from, to))
                .page(Page.of(pageIndex, pageSize)).list();
    }

    public long count(UUID accountId, Collection<String> statuses, LocalDate from, LocalDate to) {
        return count(FILTER, params(accountId, statuses, from, to));
    }

    public Optional<Transaction> find(UUID accountId, String transactionId) {
        return find("accountId = ?1 and transactionId = ?2", accountId, transactionId).firstResultOptional();
    }

    private static Map<String, Object> params(UUID accountId, Collection<String> statuses, LocalDate from,
                                              LocalDate to) {
        return Map.of("account", accountId, "statuses", statuses, "from", from, "to", to);
    }
}
