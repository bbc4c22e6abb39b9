package eu.xs2a.account.persistence;

import eu.xs2a.account.domain.Balance;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
public class BalanceRepository implements PanacheRepositoryBase<Balance, Long> {

    public List<Balance> ofAccount(UUID accountId) {
        return list("accountId = ?1 order by id", accountId);
    }

    public void replace(UUID accountId, List<Balance> balances) {
        delete("accountId", accountId);
        persist(balances);
    }
}
