package eu.xs2a.consent.support;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * A stored consent's column read straight from the database: what the tests must see without the bank refresh a
 * TPP's read makes, or what no answer shows (the bank's id, the pending deletion, the access counts).
 */
public final class ConsentRows {

    private ConsentRows() {
    }

    public static <T> T column(DataSource db, String consentId, String column, Class<T> type) {
        try (Connection connection = db.getConnection();
             PreparedStatement query = connection.prepareStatement("select " + column + " from consent where id = ?")) {
            query.setString(1, consentId);
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    throw new AssertionError("no consent " + consentId);
                }
                return row.getObject(1, type);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The consent's access counts as "day:count", by day. */
    public static List<String> accessCounts(DataSource db, String consentId) {
        try (Connection connection = db.getConnection();
             PreparedStatement query = connection.prepareStatement("select access_day, access_count"
                     + " from consent_access_count where consent_id = ? order by access_day")) {
            query.setString(1, consentId);
            List<String> days = new ArrayList<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    days.add(rows.getObject(1, LocalDate.class) + ":" + rows.getInt(2));
                }
            }
            return days;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
