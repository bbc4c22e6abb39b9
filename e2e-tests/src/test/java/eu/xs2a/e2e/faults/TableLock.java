package eu.xs2a.e2e.faults;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A table of a service's database held in SHARE mode by the test: reads go on, every insert waits. It holds a service's
 * requests in the middle of their transaction (their X-Request-ID claims committed, their rows not) where no bank call
 * does, e.g. registration-service's; closing it rolls back and lets them go on.
 */
final class TableLock implements AutoCloseable {

    private final Connection connection;
    private final String table;

    private TableLock(Connection connection, String table) {
        this.connection = connection;
        this.table = table;
    }

    /** Locks {@code table} of the database at {@code databaseUrl} until {@link #close}. */
    static TableLock share(String databaseUrl, String table) {
        try {
            Connection connection = DriverManager.getConnection(databaseUrl, "xs2a", "xs2a");
            connection.setAutoCommit(false);
            try (Statement lock = connection.createStatement()) {
                lock.execute("lock table " + table + " in share mode");
            }
            return new TableLock(connection, table);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot lock " + table + " at " + databaseUrl + ": " + e.getMessage(), e);
        }
    }

    /** How many other sessions wait for the lock: the requests held. */
    int waiting() {
        try (PreparedStatement query = connection.prepareStatement(
                "select count(*) from pg_locks where relation = ?::regclass and not granted")) {
            query.setString(1, table);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the waiting locks on " + table + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try (connection) {
            connection.rollback();
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot release the lock on " + table + ": " + e.getMessage(), e);
        }
    }
}
