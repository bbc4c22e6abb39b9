package eu.xs2a.payment.persistence;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.testsupport.QueryPlans;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The status polling must not read every executed payment: a bank that never reports ACCC leaves them ACSC, and a
 * year of them was a table scan every 15 s (560 ms at 2,000,000). Executed ones are read by a range of the index by
 * execution, from the settlement horizon's cutoff; the rest through the indexes of open and unauthorised payments.
 * Asked with sequential scans priced out ({@link QueryPlans}), so that the test's small table cannot hide a
 * statement no index can serve.
 */
@QuarkusTest
class StatusPollingPlanTest {

    private static final Instant NOW = Instant.parse("2026-03-04T05:06:07Z");

    @Inject DataSource dataSource;

    @Test
    void executedPaymentsAreReadFromTheHorizonOnOnly() throws SQLException {
        String plan = QueryPlans.explainNamed(dataSource, PaymentRepository.DUE_FOR_STATUS_CHECK, Map.of(
                "before", at(Duration.ofSeconds(30)), "settledBefore", at(Duration.ofMinutes(30)),
                "since", at(Duration.ofHours(1)), "settledSince", at(Duration.ofHours(72)),
                "deadline", at(Duration.ofHours(24)), "taskType", "payment-status", "limit", 50));

        assertTrue(plan.contains("Bitmap Index Scan on payment_settling"), plan);
        assertTrue(plan.contains("Index Cond: (COALESCE(executed_at, updated_at) >"), plan);
        assertTrue(plan.contains("Bitmap Index Scan on payment_open"), plan);
        assertTrue(plan.contains("Bitmap Index Scan on payment_unauthorised"), plan);
        assertFalse(plan.contains("Seq Scan on payment "), plan);
    }

    private static Timestamp at(Duration ago) {
        return Timestamp.from(NOW.minus(ago));
    }
}
