package eu.xs2a.account.persistence;

import eu.xs2a.account.domain.Transaction;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Page;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.hibernate.jpa.HibernateHints;

@ApplicationScoped
public class TransactionRepository implements PanacheRepositoryBase<Transaction, Long> {

    private static final String FILTER = "accountId = :account and bookingStatus in :statuses"
            + " and entryDate >= :from and entryDate <= :to";
    /** Bank ids looked up per query: well below PostgreSQL's limit of bind parameters in one statement. */
    private static final int LOOKUP_CHUNK = 1000;

    /**
     * Inserts or updates by (account, bank transaction id): fetching the same transaction again never duplicates it,
     * and one the bank lists twice is stored once (the later listing wins). Written through the entity, so that the
     * account references are bound as it maps them (JSON). The caller holds the account's row lock: no other writer
     * inserts a transaction of this account meanwhile.
     */
    public void upsertAll(UUID accountId, List<Transaction> fetched) {
        Map<String, Transaction> byBankId = new LinkedHashMap<>();
        fetched.forEach(t -> byBankId.put(t.transactionId, t));
        List<String> ids = new ArrayList<>(byBankId.keySet());
        Map<String, Transaction> stored = new HashMap<>();
        for (int from = 0; from < ids.size(); from += LOOKUP_CHUNK) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + LOOKUP_CHUNK));
            list("accountId = ?1 and transactionId in ?2", accountId, chunk)
                    .forEach(row -> stored.put(row.transactionId, row));
        }
        List<Transaction> turnedBooked = new ArrayList<>();
        for (Transaction t : byBankId.values()) {
            Transaction row = stored.get(t.transactionId);
            if (row == null) {
                row = t;
            } else {
                row.takeValuesOf(t);
            }
            if (Transaction.BOOKED.equals(row.bookingStatus) && row.bookedSeq == null) {
                turnedBooked.add(row);
            }
        }
        // numbered in booking order, so that a delta lists one refresh's new entries as the account had them: by
        // booking date, and within a date from the end of the bank's list, which is newest first (BANK-API.md)
        Map<String, Integer> listedAt = new HashMap<>();
        byBankId.keySet().forEach(id -> listedAt.put(id, listedAt.size()));
        turnedBooked.sort(Comparator.comparing((Transaction t) -> t.entryDate)
                .thenComparing(t -> -listedAt.get(t.transactionId)));
        for (Transaction t : turnedBooked) {
            t.bookedSeq = ((Number) getEntityManager()
                    .createNativeQuery("select nextval('account_transaction_booked_seq')").getSingleResult())
                    .longValue();
        }
        for (Transaction t : byBankId.values()) {
            if (!stored.containsKey(t.transactionId)) {
                persist(t);
            }
        }
    }

    /**
     * Booked entries after a gateway entry reference, ascending: later bookings get higher numbers, so a page once
     * read stays the same while new entries arrive.
     */
    public List<Transaction> bookedAfter(UUID accountId, long afterSeq, int pageIndex, int pageSize) {
        return find("accountId = ?1 and bookedSeq > ?2 and bookingStatus = ?3 order by bookedSeq", accountId, afterSeq,
                Transaction.BOOKED).page(Page.of(pageIndex, pageSize)).list();
    }

    public long countBookedAfter(UUID accountId, long afterSeq) {
        return count("accountId = ?1 and bookedSeq > ?2 and bookingStatus = ?3", accountId, afterSeq,
                Transaction.BOOKED);
    }

    /** Whether the gateway entry reference names a booked entry of this account. */
    public boolean hasBookedEntry(UUID accountId, long seq) {
        return count("accountId = ?1 and bookedSeq = ?2 and bookingStatus = ?3", accountId, seq,
                Transaction.BOOKED) > 0;
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

    /**
     * A page of a report, loaded read-only: the hottest read of an aggregator, and nothing of it is ever changed, so
     * Hibernate keeps no snapshot of each entry for dirty checking (a JSON column's snapshot is a deep copy).
     */
    public List<Transaction> page(UUID accountId, Collection<String> statuses, LocalDate from, LocalDate to,
                                  int pageIndex, int pageSize) {
        return find(FILTER + " order by entryDate desc, transactionId", params(accountId, statuses, from, to))
                .withHint(HibernateHints.HINT_READ_ONLY, true)
                .page(Page.of(pageIndex, pageSize)).list();
    }

    /** The amounts of the report's first {@code rows} booked entries, in its order: what the pages before one hold. */
    public List<String> bookedAmountsOfFirst(UUID accountId, LocalDate from, LocalDate to, int rows) {
        if (rows == 0) {
            return List.of();
        }
        return getEntityManager().createQuery("select t.amount from Transaction t where t.accountId = :account"
                        + " and t.bookingStatus = :booked and t.entryDate >= :from and t.entryDate <= :to"
                        + " order by t.entryDate desc, t.transactionId", String.class)
                .setParameter("account", accountId).setParameter("booked", Transaction.BOOKED)
                .setParameter("from", from).setParameter("to", to).setMaxResults(rows).getResultList();
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
