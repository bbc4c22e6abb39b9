package eu.xs2a.payment.persistence;

import eu.xs2a.payment.domain.Payment;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

@ApplicationScoped
public class PaymentRepository implements PanacheRepositoryBase<Payment, Long> {

    /** Locks the row for a state change (callbacks, jobs and TPP calls may race on one payment). */
    public Optional<Payment> lock(long id) {
        return findByIdOptional(id, LockModeType.PESSIMISTIC_WRITE);
    }

    /**
     * Payments the bank has not acknowledged yet and that are due for another try, locked so that several
     * replicas never work on the same one ({@code FOR UPDATE SKIP LOCKED}).
     */
    @SuppressWarnings("unchecked")
    public List<Long> lockDueForSubmission(Instant now, int limit) {
        List<Number> ids = getEntityManager().createNativeQuery("""
                select id from payment
                where bank_payment_id is null and transaction_status = 'RCVD' and next_submit_at <= :now
                order by next_submit_at
                limit :limit
                for update skip locked""")
                .setParameter("now", now)
                .setParameter("limit", limit)
                .getResultList();
        return ids.stream().map(Number::longValue).toList();
    }

    /**
     * Payments still unauthorised (RCVD) that were initiated before {@code createdBefore} and not looked at since
     * {@code checkedBefore}, locked likewise.
     */
    @SuppressWarnings("unchecked")
    public List<Long> lockUnauthorisedSince(Instant createdBefore, Instant checkedBefore, int limit) {
        List<Number> ids = getEntityManager().createNativeQuery("""
                select id from payment
                where transaction_status = 'RCVD' and created_at < :created
                  and (status_checked_at is null or status_checked_at < :before)
                order by created_at
                limit :limit
                for update skip locked""")
                .setParameter("created", createdBefore)
                .setParameter("before", checkedBefore)
                .setParameter("limit", limit)
                .getResultList();
        return ids.stream().map(Number::longValue).toList();
    }

    /**
     * Cancelled payments whose copy at the bank is still to be withdrawn and due for another try, locked likewise.
     */
    @SuppressWarnings("unchecked")
    public List<Long> lockDueForWithdrawal(Instant now, int limit) {
        List<Number> ids = getEntityManager().createNativeQuery("""
                select id from payment
                where bank_withdrawal = 'PENDING' and next_withdrawal_at <= :now
                order by next_withdrawal_at
                limit :limit
                for update skip locked""")
                .setParameter("now", now)
                .setParameter("limit", limit)
                .getResultList();
        return ids.stream().map(Number::longValue).toList();
    }

    /**
     * Payments known to the bank that may still change there, whose status was not checked since {@code checkedBefore}
     * ({@code settledCheckedBefore} for an executed one, ACSC, which only waits for ACCC), locked likewise;
     * unauthorised (RCVD) ones only while they changed after {@code activeSince}, executed ones only while they were
     * executed after {@code settledSince}: within the settlement horizon, the SQL form of
     * {@code SettlementHorizon.isPast} (whose {@code cutoff} {@code settledSince} is), so that the job and TPP reads
     * stop asking about the same payments.
     */
    @SuppressWarnings("unchecked")
    public List<Long> lockDueForStatusCheck(Instant checkedBefore, Instant settledCheckedBefore, Instant activeSince,
                                            Instant settledSince, int limit) {
        List<Number> ids = getEntityManager().createNativeQuery("""
                select id from payment
                where bank_payment_id is not null and transaction_status in ('RCVD', 'ACTC', 'ACSP', 'ACSC')
                  and (status_checked_at is null
                       or (transaction_status <> 'ACSC' and status_checked_at < :before)
                       or (transaction_status = 'ACSC' and status_checked_at < :settledBefore))
                  and (transaction_status <> 'RCVD' or updated_at > :since)
                  and (transaction_status <> 'ACSC' or coalesce(executed_at, updated_at) > :settledSince)
                order by status_checked_at nulls first
                limit :limit
                for update skip locked""")
                .setParameter("before", checkedBefore)
                .setParameter("settledBefore", settledCheckedBefore)
                .setParameter("since", activeSince)
                .setParameter("settledSince", settledSince)
                .setParameter("limit", limit)
                .getResultList();
        return ids.stream().map(Number::longValue).toList();
    }
}
