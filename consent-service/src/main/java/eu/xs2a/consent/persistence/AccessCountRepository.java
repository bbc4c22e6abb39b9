package eu.xs2a.consent.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import java.time.LocalDate;
import java.util.List;

/**
 * Unattended accesses per consent, day (of the consent's provider) and resource. Counting is one statement: insert
 * the first access of the day, or add one while the count is below the limit. Concurrent callers (any replica)
 * serialise on the row, so with one access left exactly one of them gets a row back.
 */
@ApplicationScoped
public class AccessCountRepository {

    private final EntityManager em;

    public AccessCountRepository(EntityManager em) {
        this.em = em;
    }

    /** @return the count after this access, or -1 when the limit was already reached (nothing counted) */
    public int countOne(String consentId, LocalDate day, String resourceKey, int limit) {
        @SuppressWarnings("unchecked")
        List<Number> result = em.createNativeQuery("""
                        insert into consent_access_count (consent_id, access_day, resource_key, access_count)
                        values (:consent, :day, :resource, 1)
                        on conflict (consent_id, access_day, resource_key) do update
                            set access_count = consent_access_count.access_count + 1
                            where consent_access_count.access_count < :limit
                        returning access_count""")
                .setParameter("consent", consentId)
                .setParameter("day", day)
                .setParameter("resource", resourceKey)
                .setParameter("limit", limit)
                .getResultList();
        return result.isEmpty() ? -1 : result.get(0).intValue();
    }

    /**
     * Drops the counts of days before {@code day}. Counting is per day of each consent's provider, so the caller passes
     * a day that has passed for every provider.
     */
    public int deleteBefore(LocalDate day) {
        return em.createNativeQuery("delete from consent_access_count where access_day < :day")
                .setParameter("day", day)
                .executeUpdate();
    }
}
