package eu.xs2a.platform.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Which failures of the database are a 503 with Retry-After (it comes back) rather than a 500. */
class ErrorMappersTest {

    @Test
    void anExhaustedPoolIsTheDatabaseUnavailableInEitherOfAgroalsWords() {
        // Agroal's words when every connection is in use until the acquisition timeout, wrapped as Hibernate does
        assertTrue(ErrorMappers.databaseUnavailable(new RuntimeException(new SQLException("Sorry, acquisition timeout!"))));
        assertTrue(ErrorMappers.databaseUnavailable(new SQLException("Acquisition timeout while waiting for new connection")));
    }

    @Test
    void aLostConnectionOrAFailedTransactionIsUnavailableAndAnErrorOfTheStatementIsNot() {
        assertTrue(ErrorMappers.databaseUnavailable(new SQLException("connection refused", "08001")));
        assertTrue(ErrorMappers.databaseUnavailable(new SQLException("deadlock detected", "40P01")));
        assertFalse(ErrorMappers.databaseUnavailable(new SQLException("syntax error", "42601")));
        assertFalse(ErrorMappers.databaseUnavailable(new IllegalStateException("no database here")));
    }
}
