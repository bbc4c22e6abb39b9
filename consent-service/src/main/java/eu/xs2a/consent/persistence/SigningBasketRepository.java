package eu.xs2a.consent.persistence;

import eu.xs2a.consent.domain.BasketAuthorisation;
import eu.xs2a.consent.domain.Consent;
import eu.xs2a.consent.domain.SigningBasket;
import eu.xs2a.platform.persistence.RowLocks;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Signing baskets, their authorisations and their member consents (docs/ARCHITECTURE.md "Signing baskets"). */
@ApplicationScoped
public class SigningBasketRepository implements PanacheRepositoryBase<SigningBasket, String> {

    static final String DUE_FOR_BANK_CHECK = """
            select b.* from signing_basket b
             where b.transaction_status = 'RCVD' and b.bank_basket_id is not null and b.created_at > :createdAfter
               and b.provider_code in (:providers) and coalesce(b.bank_checked_at, b.created_at) < :checkedBefore
               and not exists (select 1 from task t where t.type = :taskType and t.subject = b.id
                                                      and t.state in ('queued', 'running'))
             order by coalesce(b.bank_checked_at, b.created_at)
             limit :limit""";

    @Inject EntityManager em;

    /** The basket of this provider and TPP; another TPP's is as unknown as one that never existed. */
    public Optional<SigningBasket> findOwned(String id, String providerCode, String tppId) {
        return find("id = ?1 and providerCode = ?2 and tppId = ?3", id, providerCode, tppId).firstResultOptional();
    }

    public Optional<SigningBasket> lockOwned(String id, String providerCode, String tppId) {
        return find("id = ?1 and providerCode = ?2 and tppId = ?3", id, providerCode, tppId)
                .withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional();
    }

    /**
     * Open baskets registered at the bank within the SCA deadline ({@code createdAfter}) that the bank was not asked
     * about since {@code checkedBefore}, the longest unasked first; those whose check ({@code taskType}) is still
     * pending are left out, as for consents ({@code ConsentRepository.dueForBankCheck}).
     */
    @SuppressWarnings("unchecked")
    public List<SigningBasket> dueForBankCheck(Instant createdAfter, Instant checkedBefore, Set<String> providerCodes,
                                               String taskType, int limit) {
        return em.createNativeQuery(DUE_FOR_BANK_CHECK, SigningBasket.class)
                .setParameter("createdAfter", createdAfter)
                .setParameter("checkedBefore", checkedBefore)
                .setParameter("providers", providerCodes)
                .setParameter("taskType", taskType)
                .setParameter("limit", limit)
                .getResultList();
    }

    /** The basket's row, locked and read as last committed ({@link RowLocks}), or null. */
    public SigningBasket lock(String id) {
        return RowLocks.lock(getEntityManager(), SigningBasket.class, id).orElse(null);
    }

    /** A consent of this provider and TPP, of either type, row-locked (it joins a basket). */
    public Optional<Consent> lockConsentOwned(String consentId, String providerCode, String tppId) {
        return em.createQuery("from Consent where id = ?1 and providerCode = ?2 and tppId = ?3", Consent.class)
                .setParameter(1, consentId).setParameter(2, providerCode).setParameter(3, tppId)
                .setLockMode(LockModeType.PESSIMISTIC_WRITE).getResultStream().findFirst();
    }

    /** The consents in this basket, row-locked. */
    public List<Consent> lockMembers(String basketId) {
        return em.createQuery("from Consent where basketId = ?1 order by id", Consent.class)
                .setParameter(1, basketId).setLockMode(LockModeType.PESSIMISTIC_WRITE).getResultList();
    }

    public void persistAuthorisation(BasketAuthorisation authorisation) {
        em.persist(authorisation);
    }

    public List<BasketAuthorisation> authorisationsOf(String basketId) {
        return em.createQuery("from BasketAuthorisation where basketId = ?1 order by createdAt",
                BasketAuthorisation.class).setParameter(1, basketId).getResultList();
    }

    public Optional<BasketAuthorisation> findAuthorisation(String authorisationId, String basketId) {
        return em.createQuery("from BasketAuthorisation where id = ?1 and basketId = ?2", BasketAuthorisation.class)
                .setParameter(1, authorisationId).setParameter(2, basketId).getResultStream().findFirst();
    }

    /** One authorisation, locked and read as last committed ({@link RowLocks}). */
    public Optional<BasketAuthorisation> lockAuthorisation(String authorisationId) {
        return RowLocks.lock(em, BasketAuthorisation.class, authorisationId);
    }
}
