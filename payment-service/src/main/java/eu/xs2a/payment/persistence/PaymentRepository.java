package eu.xs2a.payment.persistence;

import eu.xs2a.payment.domain.Payment;
import eu.xs2a.platform.persistence.RowLocks;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

@ApplicationScoped
public class PaymentRepository implements PanacheRepositoryBase<Payment, Long> {

    /** A payment due for a status check, and the provider whose bank is asked. */
    public record Due(String paymentId, String providerCode) {
    }

    /**
     * Locks the row for a state change (callbacks, task handlers and TPP calls may race on one payment), read as last
     * committed ({@link RowLocks}).
     */
    public Optional<Payment> lock(long id) {
        return RowLocks.lock(getEntityManager(), Payment.class, id);
    }

    /** Keeps the pain.001 document a new payment was initiated with (in its own table: read only when asked for). */
    public void keepDocument(Payment payment, byte[] document) {
        flush(); // the payment's row first: the document's references it
        getEntityManager().createNativeQuery("insert into payment_document (payment_id, document) values (?1, ?2)")
                .setParameter(1, payment.id()).setParameter(2, document).executeUpdate();
    }

    /** The pain.001 document the payment was initiated with, if one was kept. */
    public Optional<byte[]> document(long paymentId) {
        return getEntityManager().createNativeQuery("select document from payment_document where payment_id = ?1",
                        byte[].class)
                .setParameter(1, paymentId).getResultStream().findFirst().map(byte[].class::cast);
    }

    /** The payment a TPP addresses by this paymentId. */
    public Optional<Payment> byResourceId(String resourceId) {
        return find("resourceId", resourceId).firstResultOptional();
    }

    /**
     * The ids of the payments these providers' bank knows as {@code bankPaymentId}: one, unless providers that share a
     * bank (and its credential) hold the same payment id of it, which a bank does not hand out twice.
     */
    public List<Long> byBankPaymentId(Collection<String> providerCodes, String bankPaymentId) {
        return getEntityManager().createQuery("select p.id from Payment p where p.bankPaymentId = :bankPaymentId"
                        + " and p.providerCode in :providers order by p.id", Long.class)
                .setParameter("bankPaymentId", bankPaymentId)
                .setParameter("providers", providerCodes)
                .getResultList();
    }

    /**
     * Payments due for a status check that have no status check task ({@code taskType}) pending in the task table,
     * those never checked first. Due: known to the bank and possibly still changing there, not checked since
     * {@code before} (not heard of since: {@code payment.jobs.stale-after}); unauthorised (RCVD, PATC) ones only while
     * they changed after {@code since}. Executed ones (ACSC, which only wait for ACCC) not checked since
     * {@code settledBefore}, and only while they were executed after {@code settledSince}: within the settlement
     * horizon, the SQL form of {@code SettlementHorizon.isPast} (whose {@code cutoff} {@code settledSince} is), so that
     * the job and TPP reads stop asking about the same payments. Also due, known to the bank or not: unauthorised ones
     * initiated before {@code deadline}, which the check rejects. Each of the three is read through its own partial
     * index ({@code payment_open}, {@code payment_settling}, {@code payment_unauthorised}), so that a year of executed
     * payments is never read. A plain read: the task table's one pending task per payment keeps replicas from
     * checking one payment twice at once.
     */
    static final String DUE_FOR_STATUS_CHECK = """
            select p.resource_id, p.provider_code from payment p
            where ((p.bank_payment_id is not null
                    and p.transaction_status in ('RCVD', 'PATC', 'ACTC', 'ACSP')
                    and (p.bank_heard_at is null or p.bank_heard_at < :before)
                    and (p.transaction_status in ('ACTC', 'ACSP') or p.updated_at > :since))
                   or (p.bank_payment_id is not null
                    and p.transaction_status = 'ACSC'
                    and coalesce(p.executed_at, p.updated_at) > :settledSince
                    and (p.bank_heard_at is null or p.bank_heard_at < :settledBefore))
                   or (p.transaction_status in ('RCVD', 'PATC') and p.created_at < :deadline))
              and not exists (select 1 from task t where t.type = :taskType and t.subject = p.resource_id
                                                     and t.state in ('queued', 'running'))
            order by p.bank_heard_at nulls first, p.id
            limit :limit""";

    /** {@link #DUE_FOR_STATUS_CHECK}'s payments, by id and provider. */
    @SuppressWarnings("unchecked")
    public List<Due> dueForStatusCheck(Instant checkedBefore, Instant settledCheckedBefore, Instant activeSince,
                                       Instant settledSince, Instant deadline, String taskType, int limit) {
        List<Object[]> rows = getEntityManager().createNativeQuery(DUE_FOR_STATUS_CHECK)
                .setParameter("before", checkedBefore)
                .setParameter("settledBefore", settledCheckedBefore)
                .setParameter("since", activeSince)
                .setParameter("settledSince", settledSince)
                .setParameter("deadline", deadline)
                .setParameter("taskType", taskType)
                .setParameter("limit", limit)
                .getResultList();
        return rows.stream().map(row -> new Due((String) row[0], (String) row[1])).toList();
    }
}
