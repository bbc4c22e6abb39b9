package eu.xs2a.account.persistence;

import eu.xs2a.account.domain.RefreshJob;
import eu.xs2a.account.domain.RefreshStatus;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
public class RefreshJobRepository implements PanacheRepositoryBase<RefreshJob, UUID> {

    /**
     * The oldest job that is queued or whose worker's lease ran out, locked for this transaction. SKIP LOCKED lets
     * several workers (threads or replicas) poll at once without waiting on, or taking, each other's job.
     */
    public Optional<RefreshJob> lockNextClaimable(Instant now) {
        @SuppressWarnings("unchecked")
        List<Object> ids = getEntityManager().createNativeQuery("""
                select id from refresh_job
                where status = 'processing' or (status = 'fetching' and (lease_until is null or lease_until < :now))
                order by created_at
                limit 1
                for update skip locked""")
                .setParameter("now", now)
                .getResultList();
        if (ids.isEmpty()) {
            return Optional.empty();
        }
        UUID id = ids.get(0) instanceof UUID uuid ? uuid : UUID.fromString(ids.get(0).toString());
        return Optional.of(findById(id, LockModeType.NONE));
    }

    public Optional<RefreshJob> latest(String providerCode, String tppId, String consentId) {
        return find("providerCode = ?1 and tppId = ?2 and consentId = ?3 order by createdAt desc",
                providerCode, tppId, consentId).firstResultOptional();
    }

    public boolean running(String providerCode, String tppId, String consentId) {
        return count("providerCode = ?1 and tppId = ?2 and consentId = ?3 and status in ?4", providerCode, tppId,
                consentId, List.of(RefreshStatus.processing, RefreshStatus.fetching)) > 0;
    }

    /** Extends the lease while its owner still holds it; false when the job was taken over (the owner must stop). */
    public boolean heartbeat(UUID id, String owner, Instant leaseUntil, Instant now) {
        return update("leaseUntil = ?1, updatedAt = ?2 where id = ?3 and leaseOwner = ?4 and status = ?5",
                leaseUntil, now, id, owner, RefreshStatus.fetching) == 1;
    }
}
