package eu.xs2a.consent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import eu.xs2a.consent.domain.Consent;
import eu.xs2a.testsupport.CapturedLog;
import eu.xs2a.consent.support.ConsentRows;
import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The log line of a consent status change is written once the change is committed, and never for a change whose
 * transaction rolls back: a TPP's DELETE whose commit PostgreSQL refuses (a deferred constraint trigger, which fires
 * at commit, after Hibernate has written the row) leaves the consent as it was and logs nothing.
 */
@QuarkusTest
class StatusLogTest extends ConsentTestBase {

    @Inject AgroalDataSource dataSource;

    @Test
    void aCommittedStatusChangeIsLoggedOnceWithItsCause() {
        String id = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
        try (CapturedLog log = CapturedLog.of(Consent.class)) {
            assertEquals(204, Signed.delete(Tpps.ALPHA, Signed.AIS + "/" + id).statusCode());
            assertEquals(List.of("INFO Consent " + id + " (provider sandbox, TPP " + Tpps.ALPHA.tppId()
                    + "): received -> terminatedByTpp, deleted by the TPP"), log.linesWith(id));
        }
    }

    @Test
    void aStatusChangeWhoseCommitFailsIsNotLogged() throws Exception {
        String id = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
        try (CapturedLog log = CapturedLog.of(Consent.class)) {
            refuseCommitsOf(id);
            Response refused;
            try {
                refused = Signed.delete(Tpps.ALPHA, Signed.AIS + "/" + id);
            } finally {
                acceptCommits();
            }
            assertNotEquals(204, refused.statusCode(), refused.asString());
            assertEquals("received", ConsentRows.column(dataSource, id, "status", String.class), "rolled back");
            assertEquals(List.of(), log.linesWith(id), "a change that was rolled back is not in the log");

            // the same DELETE, committed this time, is logged
            assertEquals(204, Signed.delete(Tpps.ALPHA, Signed.AIS + "/" + id).statusCode());
            assertEquals(1, log.linesWith(id + " (provider sandbox").size(), log.lines().toString());
        }
    }

    /** A trigger PostgreSQL runs at commit, refusing any transaction that changed this consent's row. */
    private void refuseCommitsOf(String consentId) throws SQLException {
        // consent ids are base64url: safe inside a SQL literal
        execute("""
                create or replace function test_refuse_commit() returns trigger language plpgsql as $$
                begin
                    raise exception 'test: commit refused for consent %', new.id;
                end $$""");
        execute("create constraint trigger test_refuse_commit after update on consent deferrable initially deferred"
                + " for each row when (new.id = '" + consentId + "') execute function test_refuse_commit()");
    }

    private void acceptCommits() throws SQLException {
        execute("drop trigger if exists test_refuse_commit on consent");
        execute("drop function if exists test_refuse_commit()");
    }

    private void execute(String sql) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
