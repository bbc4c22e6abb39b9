package eu.xs2a.sandbox.persistence;

import eu.xs2a.sandbox.domain.Balance;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.List;

@ApplicationScoped
public class BalanceRepository implements PanacheRepositoryBase<Balance, Balance.Key> {

    public List<Balance> ofAccount(String accountId) {
        return list("accountId = ?1 order by balanceType", accountId);
    }

    /** The account's balances locked for update, so two payments never spend the same money. */
    public List<Balance> lockOfAccount(String accountId) {
        return find("accountId = ?1 order by balanceType", accountId).withLock(LockModeType.PESSIMISTIC_WRITE).list();
    }
}
