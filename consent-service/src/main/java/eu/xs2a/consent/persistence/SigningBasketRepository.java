package eu.xs2a.consent.persistence;

import eu.xs2a.consent.domain.BasketAuthorisation;
import eu.xs2a.consent.domain.Consent;
import eu.xs2a.consent.domain.SigningBasket;
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
     * about since {@code checkedBefore}, the longest unasked first.
     */
    public List<SigningBasket> dueForBankCheck(Instant createdAfter, Instant checkedBefore, Set<String> providerCodes,
                                               int limit) {
        return find("transactionStatus = ?1 and bankBasketId is not null and createdAt > ?2 and providerCode in ?3"
                        + " and coalesce(bankCheckedAt, createdAt) < ?4 order by coalesce(bankCheckedAt, createdAt)",
                SigningBasket.Status.RCVD, createdAfter, providerCodes, checkedBefore).page(0, limit).list();
    }

    public SigningBasket lock(String id) {
        return findById(id, LockModeType.PESSIMISTIC_WRITE);
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

    public Optional<BasketAuthorisation> lockAuthorisation(String authorisationId) {
        return Optional.ofNullable(em.find(BasketAuthorisation.class, authorisationId,
                LockModeType.PESSIMISTIC_WRITE));
    }
}
