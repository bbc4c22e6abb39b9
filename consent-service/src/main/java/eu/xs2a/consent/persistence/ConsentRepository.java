package eu.xs2a.consent.persistence;

import eu.xs2a.consent.domain.Consent;
import eu.xs2a.consent.domain.ConsentType;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.hibernate.jpa.HibernateHints;

@ApplicationScoped
public class ConsentRepository implements PanacheRepositoryBase<Consent, String> {

    /**
     * The consent if it exists AND belongs to this TPP under this provider AND is of this type; otherwise empty,
     * so the caller answers exactly as for a consent that never existed.
     */
    public Optional<Consent> findOwned(String id, String providerCode, String tppId, ConsentType type) {
        return find("id = ?1 and providerCode = ?2 and tppId = ?3 and type = ?4", id, providerCode, tppId, type)
                .firstResultOptional();
    }

    /** A consent as the lookup reads it: read-only, with the accesses already counted today to one resource. */
    public record WithAccessCount(Consent consent, int accessedToday) {
    }

    /**
     * The consent and today's count of one resource in one round trip, read-only (no snapshot, nothing checked at
     * commit). Empty when the consent does not exist. A query in HQL, not SQL: Hibernate translates it once and
     * keeps the plan, where a native query with an entity in its result is mapped again on every call.
     */
    public Optional<WithAccessCount> findForLookup(String id, LocalDate day, String resourceKey) {
        return getEntityManager().createQuery("""
                        select c, coalesce((select a.count from AccessCount a
                                            where a.consentId = c.id and a.day = :day and a.resourceKey = :resource), 0)
                        from Consent c where c.id = :id""", Object[].class)
                .setParameter("id", id)
                .setParameter("day", day)
                .setParameter("resource", resourceKey)
                .setHint(HibernateHints.HINT_READ_ONLY, true)
                .getResultList().stream()
                .findFirst()
                .map(row -> new WithAccessCount((Consent) row[0], ((Number) row[1]).intValue()));
    }

    /** Row-locked read for a status change, so concurrent changes (DELETE vs. callback vs. job) serialise. */
    public Consent lock(String id) {
        return findById(id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** accepted consents due for another try at the bank; rows other replicas hold are skipped. */
    @SuppressWarnings("unchecked")
    public List<Consent> lockDueForForwarding(Instant now, int limit) {
        return getEntityManager().createNativeQuery("""
                        select * from consent
                        where status = 'accepted' and next_bank_attempt_at <= :now
                        order by next_bank_attempt_at
                        limit :limit
                        for update skip locked""", Consent.class)
                .setParameter("now", now)
                .setParameter("limit", limit)
                .getResultList();
    }

    @SuppressWarnings("unchecked")
    public List<Consent> lockBankDeletePending(Instant now, int limit) {
        return getEntityManager().createNativeQuery("""
                        select * from consent
                        where bank_delete_pending and (next_bank_attempt_at is null or next_bank_attempt_at <= :now)
                        order by updated_at
                        limit :limit
                        for update skip locked""", Consent.class)
                .setParameter("now", now)
                .setParameter("limit", limit)
                .getResultList();
    }

    /** valid consents whose last valid day is before {@code today}. */
    @SuppressWarnings("unchecked")
    public List<Consent> lockValidPast(LocalDate today, int limit) {
        return getEntityManager().createNativeQuery("""
                        select * from consent
                        where status = 'valid' and valid_until < :today
                        limit :limit
                        for update skip locked""", Consent.class)
                .setParameter("today", today)
                .setParameter("limit", limit)
                .getResultList();
    }

    /** Consents still waiting for SCA that were created before {@code createdBefore}. */
    @SuppressWarnings("unchecked")
    public List<Consent> lockScaOverdue(Instant createdBefore, int limit) {
        return getEntityManager().createNativeQuery("""
                        select * from consent
                        where status in ('accepted', 'received', 'partiallyAuthorised') and created_at < :before
                        limit :limit
                        for update skip locked""", Consent.class)
                .setParameter("before", createdBefore)
                .setParameter("limit", limit)
                .getResultList();
    }
}
