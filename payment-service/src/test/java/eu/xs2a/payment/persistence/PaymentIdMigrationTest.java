package eu.xs2a.payment.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The migration that made payment ids random (V24): a payment a TPP already knows by its number keeps that number as
 * its paymentId, and no two payments share one. Run on a schema of its own in the test database, at V23 first.
 */
class PaymentIdMigrationTest {

    private static final String URL = "jdbc:postgresql://localhost:5432/xs2a_payment_test";
    private static final String SCHEMA = "payment_id_migration";

    private static FluentConfiguration flyway() {
        return Flyway.configure().dataSource(URL, "xs2a", "xs2a").schemas(SCHEMA)
                .locations("classpath:db/migration").cleanDisabled(false);
    }

    @AfterEach
    void dropTheSchema() {
        flyway().load().clean();
    }

    @Test
    void aPaymentTakenBeforeKeepsItsNumberAsItsPaymentId() throws SQLException {
        flyway().load().clean();
        flyway().target("23").load().migrate();
        try (Connection c = DriverManager.getConnection(URL, "xs2a", "xs2a"); Statement s = c.createStatement()) {
            s.execute("set search_path to " + SCHEMA);
            s.executeUpdate(payment(41, null));
            s.executeUpdate(payment(42, null));

            flyway().load().migrate();

            try (ResultSet rows = s.executeQuery("select id, resource_id from payment order by id")) {
                rows.next();
                assertEquals("41", rows.getString("resource_id"));
                rows.next();
                assertEquals("42", rows.getString("resource_id"));
            }
            assertThrows(SQLException.class, () -> s.executeUpdate(payment(43, null)), "a paymentId is required");
            assertThrows(SQLException.class, () -> s.executeUpdate(payment(44, "'41'")), "and unique");
            assertEquals(1, s.executeUpdate(payment(45, "'tH6bS0vWv3kq1n9xYzX2mQ8pL5rA7cDe'")));
        }
    }

    /** A payment row with the columns every version since V1 requires, and a resource_id when one is given. */
    private static String payment(long id, String resourceId) {
        return "insert into payment (id, provider_code, tpp_id, payment_product, transaction_status, initiation,"
                + " psu_ip_address, explicit_authorisation, callback_state, created_at, updated_at"
                + (resourceId == null ? "" : ", resource_id") + ") values (" + id + ", 'sandbox', 'PSDDE-BAFIN-1',"
                + " 'sepa-credit-transfers', 'RCVD', '{}', '192.0.2.1', false, 'state-" + id + "', now(), now()"
                + (resourceId == null ? "" : ", " + resourceId) + ")";
    }
}
