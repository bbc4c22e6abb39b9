package eu.xs2a.e2e.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The idle stack's backends are told from the measured one's by the database in their process title. */
class PostgresProcessesTest {

    @Test
    void tellsABackendByTheDatabaseInItsTitle() {
        assertTrue(PostgresProcesses.serves("postgres: xs2a xs2a_compare_a_consent 127.0.0.1(41234) idle", "xs2a_compare_a_"));
        assertFalse(PostgresProcesses.serves("postgres: xs2a xs2a_compare_b_consent 127.0.0.1(41234) SELECT", "xs2a_compare_a_"));
        assertTrue(PostgresProcesses.serves("postgres: autovacuum worker xs2a_compare_b_account     ", "xs2a_compare_b_"));
    }

    @Test
    void countsTheServersOwnProcessesForNoStack() {
        assertFalse(PostgresProcesses.serves("postgres: walwriter ", "xs2a_compare_a_"));
        assertFalse(PostgresProcesses.serves("postgres: checkpointer ", "xs2a_compare_b_"));
        assertFalse(PostgresProcesses.serves("/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/ns-x -p 5432",
                "xs2a_compare_a_"));
    }
}
