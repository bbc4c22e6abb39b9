package eu.xs2a.consent;

import static eu.xs2a.consent.support.Sandbox2.bankUp;
import static eu.xs2a.consent.support.Sandbox2.refusingBank;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.domain.ConsentForwarder;
import eu.xs2a.consent.domain.ConsentJobs;
import eu.xs2a.consent.support.CapturedLog;
import eu.xs2a.consent.support.ConsentRows;
import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.Sandbox2;
import eu.xs2a.consent.support.SandboxBank;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.TestClock;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.testsupport.SwitchableProxy;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A deletion the bank never takes, through the real bank port (RestBankConsentPort) of provider sandbox2: a bank
 * refusing it (400) or not reachable at all. The bank-sync job retries it with backoff until
 * consent.bank-delete-give-up-after (72 h) has passed since the deletion was due, then gives it up: the row records
 * when and why (found by the README's query), one ERROR line names the consent, the provider and the last failure,
 * and the bank is never called for it again.
 */
@QuarkusTest
class BankDeletionGiveUpTest extends ConsentTestBase {

    /** The operator's query of the README ("Deletions the bank never took"). */
    private static final String GIVEN_UP_QUERY = """
            select id, provider_code, bank_consent_id, bank_delete_given_up_at, bank_delete_failure
              from consent where bank_delete_given_up_at is not null order by bank_delete_given_up_at""";
    /** More than every pending deletion of sandbox2 left by other tests: each run gives up at least one. */
    private static final int MAX_RUNS = 50;

    @Inject
    TestClock clock;

    @Inject
    ConsentJobs jobs;

    @Inject
    AgroalDataSource dataSource;

    @ConfigProperty(name = "psd2.providers.sandbox.bank-url")
    String bankUrl;

    private SwitchableProxy proxy;

    @BeforeEach
    void bankDown() {
        proxy = Sandbox2.proxyToTheBank();
        proxy.down();
    }

    @AfterEach
    void restore() {
        proxy.down();
        clock.reset();
    }

    @Test
    void aDeletionTheBankKeepsRefusingBacksOffThenIsGivenUpAndRecorded() throws Exception {
        bankUp(proxy);
        String id = createdAtTheBank();
        String bankConsentId = ConsentRows.column(dataSource, id, "bank_consent_id", String.class);
        proxy.down();
        try (AutoCloseable bank = refusingBank(400, "FORMAT_ERROR");
             CapturedLog log = CapturedLog.of(ConsentForwarder.class)) {
            Instant deleted = clock.instant();
            assertEquals(204, Signed.delete(Tpps.ALPHA, Sandbox2.AIS + "/" + id).statusCode());
            assertTrue(pending(id));
            assertEquals(1, attempts(id), "the DELETE itself told the bank once");
            assertNextAttemptAfter(id, deleted, Duration.ofSeconds(30));

            clock.advance(Duration.ofMinutes(1));
            Instant run = clock.instant();
            jobs.syncWithBank();
            assertEquals(2, attempts(id));
            assertNextAttemptAfter(id, run, Duration.ofSeconds(60)); // doubled
            assertTrue(pending(id));
            assertNull(column(id, "bank_delete_given_up_at"));

            clock.advance(Duration.ofHours(72)); // past the bound, counted from the DELETE
            runUntilSettled(id);
            assertFalse(pending(id), "given up: the job no longer takes it");
            assertNotNull(column(id, "bank_delete_given_up_at"));
            assertNull(column(id, "next_bank_attempt_at"));
            assertEquals("ServiceInvalid, HTTP 400", column(id, "bank_delete_failure"));
            List<String> errors = log.linesWith("ERROR Consent " + id);
            assertEquals(1, errors.size(), log.lines().toString());
            assertTrue(errors.get(0).contains("bank of provider sandbox2 never took its deletion"), errors.get(0));
            assertTrue(errors.get(0).contains("last: ServiceInvalid, HTTP 400"), errors.get(0));
            assertTrue(givenUpIds().contains(id), "the README's query finds it");

            // never tried again, never logged again
            int attempts = attempts(id);
            clock.advance(Duration.ofDays(1));
            jobs.syncWithBank();
            assertEquals(attempts, attempts(id));
            assertEquals(1, log.linesWith("ERROR Consent " + id).size());
        }
        assertEquals("received", bankStatus(bankConsentId), "the bank still holds it open: for an operator");
    }

    @Test
    void aDeletionTheBankCannotBeReachedForIsGivenUpAfterTheBoundOnly() throws Exception {
        bankUp(proxy);
        String id = createdAtTheBank();
        proxy.down();
        try (CapturedLog log = CapturedLog.of(ConsentForwarder.class)) {
            assertEquals(204, Signed.delete(Tpps.ALPHA, Sandbox2.AIS + "/" + id).statusCode());
            clock.advance(Duration.ofHours(71));
            runUntilTried(id);
            assertTrue(pending(id), "within the bound: still retried");
            assertNull(column(id, "bank_delete_given_up_at"));
            assertEquals(List.of(), log.linesWith("ERROR Consent " + id));

            clock.advance(Duration.ofHours(1));
            runUntilSettled(id);
            assertFalse(pending(id));
            String failure = column(id, "bank_delete_failure");
            assertTrue(failure.startsWith("ServiceUnavailable, "), failure);
            assertEquals(1, log.linesWith("ERROR Consent " + id).size(), log.lines().toString());
        }
    }

    /** A deletion given up is due anew when the consent ends again (the TPP deletes one rejected at the deadline). */
    @Test
    void theBankHearsOfADeletionThatIsDueAnewAfterAGiveUp() throws Exception {
        bankUp(proxy);
        String id = createdAtTheBank();
        String bankConsentId = ConsentRows.column(dataSource, id, "bank_consent_id", String.class);
        clock.advance(Duration.ofHours(25));
        jobs.expire(); // the SCA deadline: rejected, and the bank is to close its side
        assertEquals("rejected", ConsentRows.column(dataSource, id, "status", String.class));
        proxy.down();
        try (AutoCloseable bank = refusingBank(400, "FORMAT_ERROR")) {
            clock.advance(Duration.ofHours(73));
            runUntilSettled(id);
        }
        assertNotNull(column(id, "bank_delete_given_up_at"));

        bankUp(proxy);
        assertEquals(204, Signed.delete(Tpps.ALPHA, Sandbox2.AIS + "/" + id).statusCode());
        assertFalse(pending(id));
        assertNull(column(id, "bank_delete_given_up_at"), "the new deletion reached the bank");
        assertEquals("terminatedByTpp", bankStatus(bankConsentId));
    }

    /**
     * Runs the bank-sync job until this consent's deletion is no longer pending, at most {@link #MAX_RUNS} times. A
     * run stops trying sandbox2 at its first unreachable answer, which may be another test's pending deletion; the
     * next run goes on with the next one.
     */
    private void runUntilSettled(String id) {
        for (int run = 0; run < MAX_RUNS && pending(id); run++) {
            jobs.syncWithBank();
        }
    }

    /** Runs the bank-sync job until it has tried this consent's deletion once more (see {@link #runUntilSettled}). */
    private void runUntilTried(String id) {
        int before = attempts(id);
        for (int run = 0; run < MAX_RUNS && attempts(id) == before; run++) {
            jobs.syncWithBank();
        }
        assertEquals(before + 1, attempts(id), "the job tried the deletion again");
    }

    private void assertNextAttemptAfter(String id, Instant from, Duration delay) {
        Instant next = ConsentRows.column(dataSource, id, "next_bank_attempt_at", OffsetDateTime.class).toInstant();
        Instant earliest = from.plus(delay);
        // the claim reads the clock a moment after from: within a few seconds of it
        assertTrue(!next.isBefore(earliest) && next.isBefore(earliest.plusSeconds(5)), next + " vs " + earliest);
    }

    private boolean pending(String id) {
        return ConsentRows.column(dataSource, id, "bank_delete_pending", Boolean.class);
    }

    private int attempts(String id) {
        return ConsentRows.column(dataSource, id, "bank_delete_attempts", Integer.class);
    }

    /** A column as text (null stays null). */
    private String column(String id, String column) {
        return ConsentRows.column(dataSource, id, column + "::text", String.class);
    }

    private List<String> givenUpIds() throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(GIVEN_UP_QUERY);
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    private String createdAtTheBank() {
        Response created = Signed.post(Tpps.ALPHA, Sandbox2.AIS, Signed.redirectHeaders(),
                Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals("received", created.jsonPath().getString("consentStatus"), created.asString());
        return created.jsonPath().getString("consentId");
    }

    private String bankStatus(String bankConsentId) {
        return given().header("Authorization", "Bearer " + SandboxBank.CREDENTIAL)
                .get(bankUrl + "/bank/v1/consents/" + bankConsentId).jsonPath().getString("status");
    }
}
