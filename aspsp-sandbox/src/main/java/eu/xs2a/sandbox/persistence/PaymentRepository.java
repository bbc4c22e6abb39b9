package eu.xs2a.sandbox.persistence;

import eu.xs2a.sandbox.domain.Payment;
import eu.xs2a.sandbox.domain.TransactionStatus;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

@ApplicationScoped
public class PaymentRepository implements PanacheRepositoryBase<Payment, String> {

    /** The payment with its row locked: two cancellations of one payment run one after the other. */
    public Optional<Payment> lock(String bankPaymentId) {
        return findByIdOptional(bankPaymentId, LockModeType.PESSIMISTIC_WRITE);
    }

    public Optional<Payment> byIdempotencyKey(String key) {
        return find("idempotencyKey", key).firstResultOptional();
    }

    /**
     * The payment of this key with its row locked, read as it is once the lock is held. Not a read and then a lock:
     * Hibernate locks an entity it already holds by its version, and another transaction's change in between made that
     * an OptimisticLockException (two baskets naming one payment at once).
     */
    public Optional<Payment> lockByIdempotencyKey(String key) {
        return find("idempotencyKey", key).withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional();
    }

    /**
     * Accepted payments due for settlement, locked. A second instance settling at the same moment waits for the
     * lock, and PostgreSQL then checks the row again against the condition, so a payment the first one settled is
     * not returned twice (a simulated bank needs no work queue).
     */
    @SuppressWarnings("unchecked")
    /** The standing orders from these accounts that were authorised (not RCVD, PATC or RJCT), newest first. */
    public List<Payment> standingOrdersFrom(List<String> accountIds) {
        return list("frequency is not null and debtorAccountId in ?1 and transactionStatus in ?2 order by createdAt desc",
                accountIds, List.of(TransactionStatus.ACSP, TransactionStatus.ACSC, TransactionStatus.CANC));
    }

    /** The standing orders from this account that still run (ACSP), oldest first. */
    public List<Payment> runningStandingOrdersFrom(String accountId) {
        return list("frequency is not null and debtorAccountId = ?1 and transactionStatus = ?2 order by createdAt, id",
                accountId, TransactionStatus.ACSP);
    }

    /** Accepted standing orders whose next occurrence is due on or before {@code today}, locked. */
    public List<Payment> lockDueOccurrences(LocalDate today, int limit) {
        return getEntityManager().createNativeQuery(
                        "select * from payment where transaction_status = :status and frequency is not null"
                                + " and next_execution_date <= :today order by next_execution_date limit :limit"
                                + " for update", Payment.class)
                .setParameter("status", TransactionStatus.ACSP.name())
                .setParameter("today", today)
                .setParameter("limit", limit)
                .getResultList();
    }

    /** Authorised payments waiting for funds, those waiting longest first, locked. */
    public List<Payment> lockAwaitingFunds(int limit) {
        return getEntityManager().createNativeQuery(
                        "select * from payment where awaits_funds_until is not null and transaction_status = :status"
                                + " order by authorised_at limit :limit for update", Payment.class)
                .setParameter("status", TransactionStatus.ACTC.name())
                .setParameter("limit", limit)
                .getResultList();
    }

    public List<Payment> lockDueForSettlement(Instant authorisedBefore, LocalDate today, int limit) {
        return getEntityManager().createNativeQuery(
                        "select * from payment where transaction_status = :status and frequency is null and authorised_at <= :before"
                                + " and (requested_execution_date is null or requested_execution_date <= :today)"
                                + " order by authorised_at limit :limit for update", Payment.class)
                .setParameter("status", TransactionStatus.ACSP.name())
                .setParameter("before", authorisedBefore)
                .setParameter("today", today)
                .setParameter("limit", limit)
                .getResultList();
    }
}
