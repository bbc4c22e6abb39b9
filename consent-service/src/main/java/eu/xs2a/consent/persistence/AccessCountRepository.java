package eu.xs2a.consent.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import javax.sql.DataSource;

/**
 * Unattended accesses per consent, day (of the consent's provider) and resource. Counting is one statement: insert
 * the first access of the day, or add one while the count is below the limit. Concurrent callers (any replica)
 * serialise on the row, so with one access left exactly one of them gets a row back. Plain JDBC on the hot path of
 * every unattended read: the one statement commits on its own (or joins the caller's transaction, if one is open).
 */
@ApplicationScoped
public class AccessCountRepository {

    private static final String COUNT_ONE = """
            insert into consent_access_count (consent_id, access_day, resource_key, access_count)
            values (?, ?, ?, 1)
            on conflict (consent_id, access_day, resource_key) do update
                set access_count = consent_access_count.access_count + 1
                where consent_access_count.access_count < ?
            returning access_count""";

    @Inject EntityManager em;
    @Inject DataSource dataSource;

    /** @return the count after this access, or -1 when the limit was already reached (nothing counted) */
    public int countOne(String consentId, LocalDate day, String resourceKey, int limit) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement count = connection.prepareStatement(COUNT_ONE)) {
            count.setString(1, consentId);
            count.setObject(2, day);
            count.setString(3, resourceKey);
            count.setInt(4, limit);
            try (ResultSet row = count.executeQuery()) {
                return row.next() ? row.getInt(1) : -1;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot count an access to consent " + consentId, e);
        }
    }

    /**
     * Drops the counts of days before {@code day}. Counting is per day of each consent's provider, so the caller passes
     * a day that has passed for every provider.
     */
    public int deleteBefore(LocalDate day) {
        return em.createNativeQuery("delete from consent_access_count where access_day < :day")
                .setParameter("day", day)
                .executeUpdate();
    }
}
