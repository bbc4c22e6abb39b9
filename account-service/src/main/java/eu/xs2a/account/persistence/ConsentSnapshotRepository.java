package eu.xs2a.account.persistence;

import eu.xs2a.account.domain.ConsentSnapshot;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Optional;

@ApplicationScoped
public class ConsentSnapshotRepository implements PanacheRepositoryBase<ConsentSnapshot, Long> {

    public Optional<ConsentSnapshot> find(String providerCode, String tppId, String consentId) {
        return find("providerCode = ?1 and tppId = ?2 and consentId = ?3", providerCode, tppId, consentId)
                .firstResultOptional();
    }

    /** Records a completed fetch (idempotent: a concurrent fetch of the same consent just moves the time). */
    public void markFetched(String providerCode, String tppId, String consentId, String aspspConsentId, Instant now) {
        getEntityManager().createNativeQuery("""
                insert into consent_snapshot (provider_code, tpp_id, consent_id, aspsp_consent_id, fetched_at)
                values (:provider, :tpp, :consent, :aspsp, :now)
                on conflict (provider_code, tpp_id, consent_id)
                do update set aspsp_consent_id = excluded.aspsp_consent_id, fetched_at = excluded.fetched_at""")
                .setParameter("provider", providerCode)
                .setParameter("tpp", tppId)
                .setParameter("consent", consentId)
                .setParameter("aspsp", aspspConsentId)
                .setParameter("now", now)
                .executeUpdate();
    }
}
