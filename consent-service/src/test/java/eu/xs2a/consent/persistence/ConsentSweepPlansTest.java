package eu.xs2a.consent.persistence;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The periodic sweeps over all consents must read their index, whatever the table holds: a bank's hundreds of
 * thousands of valid consents made a table scan per run, and once a re-scan per valid consent. The plans are asked
 * for with sequential scans priced out, so that a small test table cannot hide a statement no index can serve; the
 * statement is only explained, never run.
 */
@QuarkusTest
class ConsentSweepPlansTest {

    private static final Instant NOW = Instant.parse("2026-03-04T05:06:07Z");

    @Inject DataSource dataSource;

    @Test
    void theExpiryChoosesItsBatchOnceThroughTheIndexOfValidConsents() throws SQLException {
        String plan = explain(ConsentRepository.EXPIRE_VALID_PAST, List.of(Timestamp.from(NOW), "sandbox",
                LocalDate.of(2026, 3, 4), 100));

        assertTrue(plan.contains("InitPlan"), plan);
        assertFalse(plan.contains("SubPlan"), plan);
        assertTrue(plan.contains("consent_valid_until"), plan);
    }

    @Test
    void theBankSyncReadsTheOldestCheckedInIndexOrder() throws SQLException {
        String statement = ConsentRepository.DUE_FOR_BANK_CHECK.replaceAll(":[a-zA-Z]+", "?");
        String plan = explain(statement, List.of("sandbox", Timestamp.from(NOW), 100));

        assertTrue(plan.contains("consent_bank_checked"), plan);
        assertFalse(plan.contains("Sort"), plan);
    }

    private String explain(String statement, List<Object> parameters) throws SQLException {
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
}
