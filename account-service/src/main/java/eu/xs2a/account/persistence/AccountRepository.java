package eu.xs2a.account.persistence;

import eu.xs2a.account.domain.Account;
import eu.xs2a.account.domain.Balance;
import eu.xs2a.account.domain.ConsentAccount;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.hibernate.jpa.HibernateHints;

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

    /**
     * The TPP's account of this resource id, what the consent covers of it (null until the consent is fetched) and
     * its stored balances (as of that fetch).
     */
    public record WithCoverage(Account account, ConsentAccount coverage, List<Balance> balances) {
    }

    /**
     * One query for what every account read needs first: the account, the consent's cover of it and its balances
     * (one row per balance; a balance row is small, and a read that shows none simply ignores them). Read-only: no
     * read changes them, so Hibernate keeps no snapshots to compare.
     */
    public Optional<WithCoverage> findWithCoverage(String providerCode, String tppId, String resourceId, String consentId) {
        List<Object[]> rows = getEntityManager().createQuery("""
                        select a, l, b from Account a
                          left join ConsentAccount l
                            on l.accountId = a.id and l.providerCode = a.providerCode and l.tppId = a.tppId
                               and l.consentId = :consent
                          left join Balance b on b.accountId = a.id
                        where a.providerCode = :provider and a.tppId = :tpp and a.resourceId = :resource
                        order by b.id""", Object[].class)
                .setParameter("consent", consentId)
                .setParameter("provider", providerCode)
                .setParameter("tpp", tppId)
                .setParameter("resource", resourceId)
                .setHint(HibernateHints.HINT_READ_ONLY, true)
                .getResultList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        List<Balance> balances = rows.stream().map(row -> (Balance) row[2]).filter(Objects::nonNull).toList();
        return Optional.of(new WithCoverage((Account) rows.get(0)[0], (ConsentAccount) rows.get(0)[1], balances));
    }

    /** The accounts a consent covers, in a stable order. */
    public List<Account> ofConsent(String providerCode, String tppId, String consentId) {
        return find("""
                from Account a where a.id in (select l.accountId from ConsentAccount l
                  where l.providerCode = ?1 and l.tppId = ?2 and l.consentId = ?3)
                order by a.iban, a.accountKey""", providerCode, tppId, consentId).list();
    }
}
