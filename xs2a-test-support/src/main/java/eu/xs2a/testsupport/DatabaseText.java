package eu.xs2a.testsupport;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/** Searches a service's whole database for a text, e.g. to prove a secret was never stored (in any column). */
public final class DatabaseText {

    private DatabaseText() {
    }

    /**
     * "table: row" of every row of every table of the connection's schema whose text contains {@code text} (no quote,
     * backslash, % or _: it goes into a LIKE pattern).
     */
    public static List<String> rowsContaining(DataSource dataSource, String text) throws SQLException {
        if (!text.matches("[^'%_\\\\]+")) {
            throw new IllegalArgumentException("no quote, backslash, % or _ in a search: " + text);
        }
        List<String> found = new ArrayList<>();
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = statement.executeQuery("select table_name from information_schema.tables"
                    + " where table_schema = current_schema() and table_type = 'BASE TABLE'")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            if (tables.isEmpty()) {
                throw new IllegalStateException("no tables in the schema: the search would prove nothing");
            }
            for (String table : tables) {
                try (ResultSet rs = statement.executeQuery("select t::text from \"" + table + "\" t where t::text like '%"
                        + text + "%'")) {
                    while (rs.next()) {
                        found.add(table + ": " + rs.getString(1));
                    }
                }
            }
        }
        return found;
    }
}
