package eu.xs2a.testsupport;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The plan PostgreSQL would run a statement with, asked for with sequential scans priced out, so that a test's small
 * table cannot hide a statement no index can serve (a periodic sweep over a bank's millions of rows). The statement is
 * only explained, never run, in a transaction that is rolled back.
 */
public final class QueryPlans {

    private static final Pattern NAMED = Pattern.compile("(?<!:):([a-zA-Z]+)");

    private QueryPlans() {
    }

    /** A statement with positional parameters ({@code ?}), given in order. */
    public static String explain(DataSource dataSource, String statement, List<Object> parameters) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(false);
            try (PreparedStatement off = connection.prepareStatement("set local enable_seqscan = off");
                 PreparedStatement explain = connection.prepareStatement("explain " + statement)) {
                off.execute();
                for (int i = 0; i < parameters.size(); i++) {
                    explain.setObject(i + 1, parameters.get(i));
                }
                List<String> lines = new ArrayList<>();
                try (ResultSet rows = explain.executeQuery()) {
                    while (rows.next()) {
                        lines.add(rows.getString(1));
                    }
                }
                return String.join("\n", lines);
            } finally {
                connection.rollback();
                connection.setAutoCommit(autoCommit);
            }
        }
    }

    /** A statement with named parameters ({@code :name}, as a native query of Hibernate's has them). */
    public static String explainNamed(DataSource dataSource, String statement, Map<String, Object> parameters)
            throws SQLException {
        List<Object> values = new ArrayList<>();
        Matcher names = NAMED.matcher(statement);
        while (names.find()) {
            if (!parameters.containsKey(names.group(1))) {
                throw new IllegalArgumentException("No value for :" + names.group(1));
            }
            values.add(parameters.get(names.group(1)));
        }
        return explain(dataSource, names.replaceAll("?"), values);
    }
}
