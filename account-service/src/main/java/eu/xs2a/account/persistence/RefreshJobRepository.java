package eu.xs2a.account.persistence;

import eu.xs2a.account.domain.RefreshJob;
import eu.xs2a.account.domain.RefreshStatus;
import eu.xs2a.platform.persistence.RowLocks;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
public class RefreshJobRepository implements PanacheRepositoryBase<RefreshJob, UUID> {

    public Optional<RefreshJob> latest(String providerCode, String tppId, String consentId) {
        return find("providerCode = ?1 and tppId = ?2 and consentId = ?3 order by createdAt desc",
                providerCode, tppId, consentId).firstResultOptional();
    }

    public boolean running(String providerCode, String tppId, String consentId) {
        return count("providerCode = ?1 and tppId = ?2 and consentId = ?3 and status in ?4", providerCode, tppId,
                consentId, List.of(RefreshStatus.processing, RefreshStatus.fetching)) > 0;
    }

    /**
     * The job, locked until the transaction ends: the steps of one refresh record their outcomes one after the
     * other, so exactly one of them sees the last account done and finishes the job.
     */
    public Optional<RefreshJob> lock(UUID id) {
        return RowLocks.lock(getEntityManager(), RefreshJob.class, id);
    }
}
