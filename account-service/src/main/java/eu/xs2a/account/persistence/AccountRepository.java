package eu.xs2a.account.persistence;

import eu.xs2a.account.domain.Account;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
public class AccountRepository implements PanacheRepositoryBase<Account, UUID> {

    /**
     * The TPP's row for a bank account, created on first sight with a fresh random resource id. The insert is
     * conditional, so two fetches at once (two replicas, a read and a refresh) still end with one row.
     */
    public Account findOrCreate(String providerCode, String tppId, String accountKey, String bankAccountId,
                                String currency, Instant now) {
        getEntityManager().createNativeQuery("""
                insert into bank_account (id, resource_id, provider_code, tpp_id, account_key, bank_account_id,
                                          currency, updated_at)
                values (:id, :resourceId, :provider, :tpp, :key, :bankAccountId, :currency, :now)
                on conflict (provider_code, tpp_id, account_key) do nothing""")
                .setParameter("id", UUID.randomUUID())
                .setParameter("resourceId", UUID.randomUUID().toString())
                .setParameter("provider", providerCode)
                .setParameter("tpp", tppId)
                .setParameter("key", accountKey)
                .setParameter("bankAccountId", bankAccountId)
                .setParameter("currency", currency)
                .setParameter("now", now)
                .executeUpdate();
        return find("providerCode = ?1 and tppId = ?2 and accountKey = ?3", providerCode, tppId, accountKey)
                .singleResult();
    }

    public Optional<Account> findByResourceId(String providerCode, String tppId, String resourceId) {
        return find("providerCode = ?1 and tppId = ?2 and resourceId = ?3", providerCode, tppId, resourceId)
                .firstResultOptional();
    }

    /** The accounts a consent covers, in a stable order. */
    public List<Account> ofConsent(String providerCode, String tppId, String consentId) {
        return find("""
                from Account a where a.id in (select l.accountId from ConsentAccount l
                  where l.providerCode = ?1 and l.tppId = ?2 and l.consentId = ?3)
                order by a.iban, a.accountKey""", providerCode, tppId, consentId).list();
    }
}
