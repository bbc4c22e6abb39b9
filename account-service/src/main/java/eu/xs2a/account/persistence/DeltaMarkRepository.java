package eu.xs2a.account.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.UUID;

/** The deltaList marks: per TPP, consent and account, the highest booked entry number delivered so far. */
@ApplicationScoped
public class DeltaMarkRepository {

    @Inject EntityManager em;

    /**
     * The mark, its row locked until the caller's transaction ends (created at 0, before every entry, on the first
     * delta read): two delta reads of one consent and account at once answer one after the other, never the same
     * entries twice.
     */
    public long lock(String providerCode, String tppId, String consentId, UUID accountId) {
        em.createNativeQuery("insert into delta_mark (provider_code, tpp_id, consent_id, account_id, last_seq)"
                        + " values (?1, ?2, ?3, ?4, 0) on conflict do nothing")
                .setParameter(1, providerCode).setParameter(2, tppId).setParameter(3, consentId)
                .setParameter(4, accountId).executeUpdate();
        return ((Number) em.createNativeQuery("select last_seq from delta_mark where provider_code = ?1"
                        + " and tpp_id = ?2 and consent_id = ?3 and account_id = ?4 for update")
                .setParameter(1, providerCode).setParameter(2, tppId).setParameter(3, consentId)
                .setParameter(4, accountId).getSingleResult()).longValue();
    }

    public void advance(String providerCode, String tppId, String consentId, UUID accountId, long lastSeq) {
        em.createNativeQuery("update delta_mark set last_seq = greatest(last_seq, ?5) where provider_code = ?1"
                        + " and tpp_id = ?2 and consent_id = ?3 and account_id = ?4")
                .setParameter(1, providerCode).setParameter(2, tppId).setParameter(3, consentId)
                .setParameter(4, accountId).setParameter(5, lastSeq).executeUpdate();
    }
}
