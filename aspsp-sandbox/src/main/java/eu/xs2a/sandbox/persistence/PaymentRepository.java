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
     * Accepted payments due for settlement, locked. A second instance settling at the same moment waits for the
     * lock, and PostgreSQL then checks the row again against the condition, so a payment the first one settled is
     * not returned twice (a simulated bank needs no work queue).
     */
    @SuppressWarnings("unchecked")
    public List<Payment> lockDueForSettlement(Instant authorisedBefore, LocalDate today, int limit) {
        return getEntityManager().createNativeQuery(
                        "select * from payment where transaction_status = :status and authorised_at <= :before"
                                + " and (requested_execution_date is null or requested_execution_date <= :today)"
                                + " order by authorised_at limit :limit for update", Payment.class)
                .setParameter("status", TransactionStatus.ACSP.name())
                .setParameter("before", authorisedBefore)
                .setParameter("today", today)
                .setParameter("limit", limit)
                .getResultList();
    }
}
