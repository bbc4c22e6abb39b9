package eu.xs2a.security.app;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

/** Creates this module's own test database (xs2a_security_test) on the local PostgreSQL when it is missing. */
public class TestDatabase implements QuarkusTestResourceLifecycleManager {

    static final String NAME = "xs2a_security_test";

    @Override
    public Map<String, String> start() {
        ensureExists();
        return Map.of();
    }

    public static void ensureExists() {
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://localhost:5432/postgres", "xs2a", "xs2a");
             Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("select 1 from pg_database where datname = '" + NAME + "'")) {
                if (r.next()) {
                    return;
                }
            }
            s.execute("create database " + NAME + " owner xs2a");
        } catch (SQLException e) {
            if (!"42P04".equals(e.getSQLState())) { // created concurrently
                throw new IllegalStateException("Cannot create test database " + NAME + ": " + e.getMessage(), e);
            }
        }
    }

    @Override
    public void stop() {
    }
}
