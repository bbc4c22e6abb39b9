package eu.xs2a.consent.support;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * A stored consent's column read straight from the database: what the tests must see without the bank refresh a
 * TPP's read makes, or what no answer shows (the bank's id, the pending deletion).
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
}
