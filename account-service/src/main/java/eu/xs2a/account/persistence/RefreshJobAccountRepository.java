package eu.xs2a.account.persistence;

import eu.xs2a.account.domain.RefreshJobAccount;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
public class RefreshJobAccountRepository implements PanacheRepositoryBase<RefreshJobAccount, Long> {

    public Optional<RefreshJobAccount> find(UUID jobId, UUID accountId) {
        return find("jobId = ?1 and accountId = ?2", jobId, accountId).firstResultOptional();
    }

    public List<RefreshJobAccount> ofJob(UUID jobId) {
        return list("jobId = ?1 order by id", jobId);
    }
}
