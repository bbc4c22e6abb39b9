package eu.xs2a.account.persistence;

import eu.xs2a.account.domain.Account;
import eu.xs2a.account.domain.Balance;
import eu.xs2a.account.domain.ConsentAccount;
import eu.xs2a.platform.persistence.RowLocks;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

@ApplicationScoped
public class AccountRepository implements PanacheRepositoryBase<Account, UUID> {

    /**
     * The account, the consent's cover of it (columns 19-22, 29) and its balances (23-28, 34, one row each); a card
     * account's fields are columns 30-33. The cover counts
     * only once the consent's fetch has finished (its snapshot exists): a first fetch that failed half-way leaves
     * cover rows behind, and a read must then fetch again rather than answer from what is stored. The cover is a
     * lateral join, so that its key's four columns, the account's id with them, find its one row (a plain join read
     * every cover of the consent and checked the snapshot once for each).
     */
    static final String WITH_COVERAGE = """
            select a.id, a.resource_id, a.provider_code, a.tpp_id, a.account_key, a.bank_account_id, a.iban, a.bban,
                   a.bic, a.currency, a.name, a.product, a.cash_account_type, a.status, a.owner_name, a.usage,
                   a.corporate_id, a.updated_at,
                   l.id, l.consent_id, l.balances, l.transactions,
                   b.id, b.balance_type, b.amount, b.currency, b.reference_date, b.last_change_date_time,
                   l.owner_name,
                   a.card, a.masked_pan, a.credit_limit_amount, a.credit_limit_currency,
                   b.credit_limit_included
              from bank_account a
              left join lateral (select * from consent_account c
                                  where c.provider_code = a.provider_code and c.tpp_id = a.tpp_id
                                    and c.consent_id = ? and c.account_id = a.id
                                    and exists (select 1 from consent_snapshot s where s.provider_code = c.provider_code
                                                and s.tpp_id = c.tpp_id and s.consent_id = c.consent_id)) l on true
              left join account_balance b on b.account_id = a.id
             where a.provider_code = ? and a.tpp_id = ? and a.resource_id = ?
             order by b.id""";

    @Inject DataSource dataSource;

    /** The account's row, locked until the transaction ends (writers of one account's data take turns), or null. */
    public Account lock(UUID id) {
        return RowLocks.lock(getEntityManager(), Account.class, id).orElse(null);
    }

    /**
     * The TPP's row for a bank account, created on first sight with a fresh random resource id. The insert is
     * conditional, so two fetches at once (two replicas, a read and a refresh) still end with one row.
     */
    /**
     * Until the transaction ends, no other transaction stores account lists for this TPP at this provider (a
     * PostgreSQL advisory lock on the pair; the accounts of one TPP are shared by its consents).
     */
    public void lockTppAccounts(String providerCode, String tppId) {
        getEntityManager().createNativeQuery("select pg_advisory_xact_lock(hashtext(:key))")
                .setParameter("key", "bank_account:" + providerCode + ":" + tppId)
                .getSingleResult();
    }

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
     * (one row per balance; a balance row is small, and a read that shows none simply ignores them).
     *
     * <p>Plain JDBC on the ORM's own data source, because every read of every TPP runs it: through Hibernate the
     * same query cost about a fifth of account-service's CPU per read, and its first use loaded Hibernate's HQL parser
     * during the first request (bench/README.md, "What has moved the numbers so far"). The rows become detached
     * entities, which no read changes; a read never follows a write of its own, so there is no un-flushed change to
     * miss. A lost database surfaces as the wrapped SQLException, which the error mappers answer 503.
     */
    public Optional<WithCoverage> findWithCoverage(String providerCode, String tppId, String resourceId, String consentId) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(WITH_COVERAGE)) {
            query.setString(1, consentId);
            query.setString(2, providerCode);
            query.setString(3, tppId);
            query.setString(4, resourceId);
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next()) {
                    return Optional.empty();
                }
                Account account = account(rows);
                ConsentAccount coverage = coverage(rows, account);
                List<Balance> balances = new ArrayList<>();
                do {
                    if (rows.getObject(23) != null) {
                        balances.add(balance(rows, account));
                    }
                } while (rows.next());
                return Optional.of(new WithCoverage(account, coverage, balances));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read account " + resourceId, e);
        }
    }

    private static Account account(ResultSet row) throws SQLException {
        Account a = new Account();
        a.id = row.getObject(1, UUID.class);
        a.resourceId = row.getString(2);
        a.providerCode = row.getString(3);
        a.tppId = row.getString(4);
        a.accountKey = row.getString(5);
        a.bankAccountId = row.getString(6);
        a.iban = row.getString(7);
        a.bban = row.getString(8);
        a.bic = row.getString(9);
        a.currency = row.getString(10);
        a.name = row.getString(11);
        a.product = row.getString(12);
        a.cashAccountType = row.getString(13);
        a.status = row.getString(14);
        a.ownerName = row.getString(15);
        a.usage = row.getString(16);
        a.corporateId = row.getString(17);
        a.updatedAt = instant(row, 18);
        a.card = row.getBoolean(30);
        a.maskedPan = row.getString(31);
        a.creditLimitAmount = row.getString(32);
        a.creditLimitCurrency = row.getString(33);
        return a;
    }

    /** Null when the consent does not cover the account (or its cover is not fetched yet). */
    private static ConsentAccount coverage(ResultSet row, Account account) throws SQLException {
        long id = row.getLong(19);
        if (row.wasNull()) {
            return null;
        }
        ConsentAccount l = new ConsentAccount();
        l.id = id;
        l.providerCode = account.providerCode;
        l.tppId = account.tppId;
        l.consentId = row.getString(20);
        l.accountId = account.id;
        l.balances = row.getBoolean(21);
        l.transactions = row.getBoolean(22);
        l.ownerName = row.getBoolean(29);
        return l;
    }

    private static Balance balance(ResultSet row, Account account) throws SQLException {
        Balance b = new Balance();
        b.id = row.getLong(23);
        b.accountId = account.id;
        b.balanceType = row.getString(24);
        b.amount = row.getString(25);
        b.currency = row.getString(26);
        b.referenceDate = row.getObject(27, LocalDate.class);
        b.lastChangeDateTime = instant(row, 28);
        b.creditLimitIncluded = row.getObject(34, Boolean.class);
        return b;
    }

    private static Instant instant(ResultSet row, int column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    /** The payment accounts, or the card accounts, a consent covers, in a stable order. */
    public List<Account> ofConsent(String providerCode, String tppId, String consentId, boolean card) {
        return find("""
                from Account a where a.card = ?4 and a.id in (select l.accountId from ConsentAccount l
                  where l.providerCode = ?1 and l.tppId = ?2 and l.consentId = ?3)
                order by a.iban, a.maskedPan, a.accountKey""", providerCode, tppId, consentId, card).list();
    }
}
