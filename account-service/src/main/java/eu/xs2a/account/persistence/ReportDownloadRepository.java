package eu.xs2a.account.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.sql.Date;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The offered downloads of large transaction reports (V14, {@code report_download}). */
@ApplicationScoped
public class ReportDownloadRepository {

    /** What a download gives: the plain report of this account, booking status and dates. */
    public record Offer(UUID accountId, String bookingStatus, LocalDate dateFrom, LocalDate dateTo) {
    }

    /** An offer as stored, with whether it is still there to be taken. */
    public record Stored(Offer offer, Instant expiresAt, Instant usedAt) {
    }

    @Inject EntityManager em;

    public void insert(String idHash, String providerCode, String tppId, String consentId, Offer offer,
                       Instant expiresAt) {
        em.createNativeQuery("insert into report_download (id_hash, provider_code, tpp_id, consent_id, account_id,"
                        + " booking_status, date_from, date_to, expires_at) values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")
                .setParameter(1, idHash).setParameter(2, providerCode).setParameter(3, tppId)
                .setParameter(4, consentId).setParameter(5, offer.accountId()).setParameter(6, offer.bookingStatus())
                .setParameter(7, offer.dateFrom()).setParameter(8, offer.dateTo()).setParameter(9, expiresAt)
                .executeUpdate();
    }

    public void deleteExpired(Instant now) {
        em.createNativeQuery("delete from report_download where expires_at <= ?1").setParameter(1, now)
                .executeUpdate();
    }

    /** The offer of this id to this TPP under this consent for this account, its row locked; empty if none. */
    public Optional<Stored> lock(String idHash, String providerCode, String tppId, String consentId, UUID accountId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("select booking_status, date_from, date_to, expires_at, used_at"
                        + " from report_download where id_hash = ?1 and provider_code = ?2 and tpp_id = ?3"
                        + " and consent_id = ?4 and account_id = ?5 for update")
                .setParameter(1, idHash).setParameter(2, providerCode).setParameter(3, tppId)
                .setParameter(4, consentId).setParameter(5, accountId).getResultList();
        return rows.stream().findFirst().map(r -> new Stored(new Offer(accountId, (String) r[0], localDate(r[1]),
                localDate(r[2])), instant(r[3]), instant(r[4])));
    }

    public void markUsed(String idHash, Instant now) {
        em.createNativeQuery("update report_download set used_at = ?2 where id_hash = ?1")
                .setParameter(1, idHash).setParameter(2, now).executeUpdate();
    }

    private static LocalDate localDate(Object value) {
        return value instanceof Date d ? d.toLocalDate() : (LocalDate) value;
    }

    private static Instant instant(Object value) {
        if (value == null || value instanceof Instant) {
            return (Instant) value;
        }
        if (value instanceof java.sql.Timestamp t) {
            return t.toInstant();
        }
        return ((java.time.OffsetDateTime) value).toInstant();
    }
}
