package eu.xs2a.testsupport;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Plain SQL on a test application's own database, for what its API does not show or to set a record up: one value,
 * a count, an update, each on a connection of its own (autocommit). Parameters are bound in order.
 */
public final class Sql {

    private final DataSource dataSource;

    public Sql(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** The first column of the first row as text, or null when there is no row (or the value is null). */
    public String text(String sql, Object... params) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            bind(s, params);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first column of the first row as a number, e.g. of {@code select count(*) …}. */
    public long number(String sql, Object... params) {
        return Long.parseLong(text(sql, params));
    }

    /** Runs an insert, update or delete; answers how many rows it changed. */
    public int update(String sql, Object... params) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            bind(s, params);
            return s.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void bind(PreparedStatement s, Object... params) throws SQLException {
        for (int i = 0; i < params.length; i++) {
            s.setObject(i + 1, params[i]);
        }
    }
}
