package eu.xs2a.consent.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.consent.domain.AccountAccess;
import eu.xs2a.consent.domain.AccountReference;
import eu.xs2a.consent.domain.Consent;
import eu.xs2a.consent.domain.ConsentForLookup;
import eu.xs2a.consent.domain.ConsentStatus;
import eu.xs2a.consent.domain.ConsentType;
import eu.xs2a.platform.persistence.RowLocks;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.LockModeType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

@ApplicationScoped
public class ConsentRepository implements PanacheRepositoryBase<Consent, String> {

    /**
     * Finds the consent by id and owner (columns 1-10) with today's count of one resource (11). An unknown consent and
     * another TPP's or provider's consent read the same: no row. Read by the primary key: no index leads with the
     * owner (consent V27), which the planner found as cheap and which read all of the TPP's consents.
     */
    static final String FOR_LOOKUP = """
            select c.id, c.type, c.status, c.access, c.account, c.card_number, c.recurring_indicator, c.valid_until,
                   c.frequency_per_day, c.bank_consent_id,
                   coalesce((select a.access_count from consent_access_count a
                              where a.consent_id = c.id and a.access_day = ? and a.resource_key = ?), 0)
              from consent c
             where c.id = ? and c.provider_code = ? and c.tpp_id = ?""";

    /**
     * The batch is chosen once (an array, not {@code id in (subquery)}, which a plan may run again for every valid
     * consent) through the index {@code consent_valid_until}.
     */
    static final String EXPIRE_VALID_PAST = """
            update consent set status = 'expired', updated_at = ?
             where id = any(array(select id from consent
                                   where status = 'valid' and provider_code = ? and valid_until < ?
                                   limit ?))
               and status = 'valid'
            returning id, tpp_id, valid_until""";

    /**
     * The statuses are written out, as in the partial index {@code consent_bank_checked} the query reads in order (a
     * bound parameter would not let the planner use it); every registered consent has {@code bank_checked_at}.
     */
    static final String DUE_FOR_BANK_CHECK = """
            select c.* from consent c
             where c.status in ('received', 'partiallyAuthorised', 'valid') and c.bank_consent_id is not null
               and c.provider_code in (:providers) and c.bank_checked_at < :heardBefore
               and not exists (select 1 from task t where t.type = :taskType and t.subject = c.id
                                                      and t.state in ('queued', 'running'))
             order by c.bank_checked_at
             limit :limit""";

    private static final String OWNED = "id = ?1 and providerCode = ?2 and tppId = ?3 and type = ?4";

    @Inject DataSource dataSource;
    @Inject ObjectMapper json;

    /**
     * The consent if it exists AND belongs to this TPP under this provider AND is of this type; otherwise empty,
     * so the caller answers exactly as for a consent that never existed.
     */
    public Optional<Consent> findOwned(String id, String providerCode, String tppId, ConsentType type) {
        return find(OWNED, id, providerCode, tppId, type)
                .firstResultOptional();
    }

    /**
     * The consent as the lookup needs it, with today's count of one resource, in one round trip; empty when the
     * consent does not exist or is not this TPP's under this provider.
     *
     * <p>Plain JDBC on the ORM's own data source, because every account read of every TPP runs it: through Hibernate
     * this query was about a quarter of consent-service's CPU per lookup (bench/README.md, "What has moved the
     * numbers so far"). The lookup only reads, so it needs a value, not a managed entity; its two jsonb columns are read
     * with the application's ObjectMapper, the one Hibernate maps them with. A lost database surfaces as the wrapped
     * SQLException, which the error mappers answer 503.
     */
    public Optional<ConsentForLookup> findForLookup(String id, String providerCode, String tppId, LocalDate day,
                                                    String resourceKey) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(FOR_LOOKUP)) {
            query.setObject(1, day);
            query.setString(2, resourceKey);
            query.setString(3, id);
            query.setString(4, providerCode);
            query.setString(5, tppId);
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    return Optional.empty();
                }
                return Optional.of(new ConsentForLookup(row.getString(1), ConsentType.valueOf(row.getString(2)),
                        ConsentStatus.valueOf(row.getString(3)),
                        fromJson(row.getString(4), AccountAccess.class),
                        fromJson(row.getString(5), AccountReference.class),
                        row.getString(6), row.getBoolean(7), row.getObject(8, LocalDate.class),
                        row.getObject(9, Integer.class), row.getString(10), row.getInt(11)));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read consent " + id, e);
        }
    }

    private <T> T fromJson(String value, Class<T> type) {
        try {
            return value == null ? null : json.readValue(value, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Corrupt " + type.getSimpleName() + " column", e);
        }
    }

    /**
     * {@link #findOwned}, row-locked. The lock is taken by the query that loads the consent, so the row comes back
     * as the last writer committed it; locking a consent this transaction had already loaded would keep the stale
     * copy (Hibernate only upgrades the lock) and its next flush would undo a concurrent write.
     */
    public Optional<Consent> lockOwned(String id, String providerCode, String tppId, ConsentType type) {
        return find(OWNED, id, providerCode, tppId, type)
                .withLock(LockModeType.PESSIMISTIC_WRITE)
                .firstResultOptional();
    }

    /**
     * Row-locked read for a status change, so concurrent changes (DELETE vs. callback vs. job) serialise; read as last
     * committed ({@link RowLocks}), or null.
     */
    public Consent lock(String id) {
        return RowLocks.lock(getEntityManager(), Consent.class, id).orElse(null);
    }

    /** The consent of one of these providers with this bank consent id, row-locked (a bank event applies to it). */
    public Optional<Consent> lockByBankId(String bankConsentId, Set<String> providerCodes) {
        return find("bankConsentId = ?1 and providerCode in ?2", bankConsentId, providerCodes)
                .withLock(LockModeType.PESSIMISTIC_WRITE)
                .firstResultOptional();
    }

    /**
     * Consents whose status the bank may still change (registered there, awaiting SCA or valid) and of which it has
     * not told anything since {@code heardBefore}: the polling job asks the bank about them. A plain read; the task
     * runtime's one pending task per consent keeps replicas from asking twice. Consents whose check ({@code taskType})
     * is still pending are left out: at a bank that is down they would fill every batch, and no other provider's
     * consent would be checked until it is back.
     */
    @SuppressWarnings("unchecked")
    public List<Consent> dueForBankCheck(Instant heardBefore, Set<String> providerCodes, String taskType, int limit) {
        return getEntityManager().createNativeQuery(DUE_FOR_BANK_CHECK, Consent.class)
                .setParameter("providers", providerCodes)
                .setParameter("taskType", taskType)
                .setParameter("heardBefore", heardBefore)
                .setParameter("limit", limit)
                .getResultList();
    }

    /**
     * The bank has heard of the deletion (or telling it was given up): clears the pending flag if it is still set
     * (one conditional UPDATE, so a second sender of the same idempotent DELETE changes nothing).
     */
    public void bankDeletionDone(String id) {
        update("bankDeletePending = false where id = ?1 and bankDeletePending = true", id);
    }

    /** A consent the expiry moved from valid to expired. */
    public record Expired(String id, String tppId, LocalDate validUntil) {
    }

    /**
     * valid → expired for up to {@code limit} valid consents of one provider whose last valid day is before
     * {@code today}, that provider's current date (each provider has its own calendar): the rule of
     * {@code Consent.expire}, as one statement. A row another transaction holds is waited for and checked again, so a
     * consent that changed meanwhile is left as it is.
     */
    public List<Expired> expireValidPast(String providerCode, LocalDate today, Instant now, int limit) {
        // plain JDBC on the ORM's data source: the caller's transaction, and a statement Hibernate need not parse
        try (Connection connection = dataSource.getConnection();
             PreparedStatement update = connection.prepareStatement(EXPIRE_VALID_PAST)) {
            update.setObject(1, now.atOffset(java.time.ZoneOffset.UTC));
            update.setString(2, providerCode);
            update.setObject(3, today);
            update.setInt(4, limit);
            List<Expired> expired = new java.util.ArrayList<>();
            try (ResultSet rows = update.executeQuery()) {
                while (rows.next()) {
                    expired.add(new Expired(rows.getString(1), rows.getString(2), rows.getObject(3, LocalDate.class)));
                }
            }
            return expired;
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot expire the consents of provider " + providerCode, e);
        }
    }

    /**
     * Consents still waiting for SCA that were created before {@code createdBefore}, ids after {@code afterId} in id
     * order (a run pages through them once, so one the bank cannot be asked about is not taken again in that run).
     * Not locked: the bank is asked first, outside any transaction.
     */
    public List<Consent> findScaOverdue(Instant createdBefore, String afterId, int limit) {
        return find("status in ?1 and createdAt < ?2 and id > ?3 order by id",
                List.of(ConsentStatus.accepted, ConsentStatus.received, ConsentStatus.partiallyAuthorised),
                createdBefore, afterId).page(0, limit).list();
    }
}
