package eu.xs2a.consent.persistence;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.testsupport.QueryPlans;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The periodic sweeps over all consents must read their index, whatever the table holds: a bank's hundreds of
 * thousands of valid consents made a table scan per run, and once a re-scan per valid consent. So must the lookup of
 * every account read. The plans are asked for with sequential scans priced out ({@link QueryPlans}).
 */
@QuarkusTest
class ConsentSweepPlansTest {

    private static final Instant NOW = Instant.parse("2026-03-04T05:06:07Z");

    @Inject DataSource dataSource;

    @Test
    void theExpiryChoosesItsBatchOnceThroughTheIndexOfValidConsents() throws SQLException {
        String plan = QueryPlans.explain(dataSource, ConsentRepository.EXPIRE_VALID_PAST, List.of(Timestamp.from(NOW),
                "sandbox", LocalDate.of(2026, 3, 4), 100));

        assertTrue(plan.contains("InitPlan"), plan);
        assertFalse(plan.contains("SubPlan"), plan);
        assertTrue(plan.contains("consent_valid_until"), plan);
    }

    /** Every account read of every TPP runs it: one consent by its key, not the TPP's consents filtered. */
    @Test
    void theLookupReadsTheConsentByItsKey() throws SQLException {
        String plan = QueryPlans.explain(dataSource, ConsentRepository.FOR_LOOKUP, List.of(LocalDate.of(2026, 3, 4),
                "accounts", "a-consent-id", "sandbox", "PSDDE-BAFIN-111111"));

        assertTrue(plan.contains("Index Scan using consent_pkey on consent"), plan);
        assertTrue(plan.contains("Index Cond: ((id)::text ="), plan);
    }

    @Test
    void theBankSyncReadsTheOldestCheckedInIndexOrder() throws SQLException {
        String plan = QueryPlans.explainNamed(dataSource, ConsentRepository.DUE_FOR_BANK_CHECK, Map.of(
                "providers", "sandbox", "heardBefore", Timestamp.from(NOW), "taskType", "consent-bank-sync",
                "limit", 100));

        assertTrue(plan.contains("consent_bank_checked"), plan);
        assertTrue(plan.contains("task_pending"), "a pending check is found by its key: " + plan);
        assertFalse(plan.contains("Sort"), plan);
    }
}
