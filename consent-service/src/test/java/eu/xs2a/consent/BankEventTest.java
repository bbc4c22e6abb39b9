package eu.xs2a.consent;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.domain.BankSync;
import eu.xs2a.consent.domain.BankSyncTask;
import eu.xs2a.consent.domain.Consent;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.consent.support.ConsentRows;
import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Lookup;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.SandboxBank;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.platform.task.NewTask;
import eu.xs2a.platform.task.TaskPoller;
import eu.xs2a.platform.task.TaskQueue;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * The bank's consent status events ({@code POST /internal/v1/bank-events}) and the polling of the bank, against the
 * real sandbox bank: who may send them, what is refused, and what each applied event does to the consent lookup.
 */
@QuarkusTest
class BankEventTest extends ConsentTestBase {

    private static final String PATH = "/internal/v1/bank-events";

    @Inject DataSource db;
    @Inject BankSync bankSync;
    @Inject TaskPoller tasks;
    @Inject TaskQueue taskQueue;
    @Inject ConsentRepository consents;

    @ConfigProperty(name = "psd2.providers.sandbox.bank-url")
    String bankUrl;

    /** An AIS consent of psu1's main account, approved at the bank: valid. */
    private static String validConsent() {
        Response created = createAis(Tpps.ALPHA, Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals(302, Psu.approve(created.jsonPath().getString("_links.scaRedirect.href")).statusCode());
        return created.jsonPath().getString("consentId");
    }

    private String bankIdOf(String consentId) {
        return ConsentRows.column(db, consentId, "bank_consent_id", String.class);
    }

    private static String event(String bankConsentId, String status, Instant occurredAt) {
        return "{\"eventId\":\"" + UUID.randomUUID() + "\",\"resource\":\"consent\",\"bankConsentId\":\"" + bankConsentId
                + "\",\"status\":\"" + status + "\",\"occurredAt\":\"" + occurredAt + "\"}";
    }

    private static Response send(String credential, String body) {
        var request = given().contentType("application/json").body(body);
        if (credential != null) {
            request = request.header("Authorization", "Bearer " + credential);
        }
        return request.post(PATH);
    }

    private static Response lookup(String consentId) {
        return Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), consentId, "AIS", "accounts", null, true));
    }

    @Test
    void onlyAProvidersBankCredentialIsAccepted() {
        String consentId = validConsent();
        String body = event(bankIdOf(consentId), "revokedByPsu", Instant.now());
        assertError(send(null, body), 401, "AccessDenied", "TOKEN_INVALID");
        assertError(send("not-the-credential", body), 401, "AccessDenied", "TOKEN_INVALID");
        assertError(given().header("Authorization", "Basic " + SandboxBank.CREDENTIAL).contentType("application/json")
                .body(body).post(PATH), 401, "AccessDenied", "TOKEN_INVALID");
        // another bank's credential is a sender, but not of this consent's provider: as if the id were unknown
        assertError(send(SandboxBank.OTHER_BANK_CREDENTIAL, body), 404, "ResourceUnknown", "RESOURCE_UNKNOWN");
        assertEquals(200, lookup(consentId).statusCode(), "nothing was applied");
    }

    @Test
    void malformedEventsAre400InTheStandardBody() {
        String bankId = bankIdOf(validConsent());
        Instant now = Instant.now();
        String[] bodies = {
                "not json",
                "[]",
                "{\"resource\":\"consent\",\"bankConsentId\":\"" + bankId + "\",\"status\":\"revokedByPsu\",\"occurredAt\":\"" + now + "\"}",
                event(bankId, "revokedByPsu", now).replace("\"resource\":\"consent\"", "\"resource\":\"payment\""),
                event(bankId, "revoked", now),
                event(bankId, "revokedByPsu", now).replace(now.toString(), "yesterday"),
                event("", "revokedByPsu", now),
                event(bankId, "revokedByPsu", now).replaceFirst("\"eventId\":\"[^\"]+\"", "\"eventId\":\"42\""),
        };
        for (String body : bodies) {
            assertError(send(SandboxBank.CREDENTIAL, body), 400, "FormatError", "FORMAT_ERROR");
        }
    }

    @Test
    void anUnknownBankConsentIdIs404() {
        assertError(send(SandboxBank.CREDENTIAL, event("BC-" + UUID.randomUUID(), "revokedByPsu", Instant.now())),
                404, "ResourceUnknown", "RESOURCE_UNKNOWN");
    }

    @Test
    void revokedByPsuEndsTheConsentAndAReplayChangesNothing() {
        String consentId = validConsent();
        assertEquals(200, lookup(consentId).statusCode());
        String body = event(bankIdOf(consentId), "revokedByPsu", Instant.now());
        assertEquals(204, send(SandboxBank.CREDENTIAL, body).statusCode());
        Response refused = lookup(consentId);
        assertError(refused, 401, "ConsentInvalid", "CONSENT_INVALID");
        assertTrue(refused.asString().contains("revokedByPsu"), refused.asString());
        assertEquals(204, send(SandboxBank.CREDENTIAL, body).statusCode(), "the same event again");
        assertEquals(204, send(SandboxBank.CREDENTIAL, event(bankIdOf(consentId), "valid", Instant.now())).statusCode(),
                "a final consent is never valid again");
        assertEquals("revokedByPsu", ConsentRows.column(db, consentId, "status", String.class));
        assertNotNull(ConsentRows.column(db, consentId, "bank_checked_at", java.time.OffsetDateTime.class));
    }

    /** Multilevel SCA: the bank's partiallyAuthorised (one signatory of several), then valid (the last). */
    @Test
    void partiallyAuthorisedThenValidFollowTheSignatures() {
        String consentId = createAis(Tpps.ALPHA, Signed.aisBody(null, 4, true, Psu.PSU1_MAIN)).jsonPath()
                .getString("consentId");
        String bankId = bankIdOf(consentId);
        Instant first = Instant.now();
        assertEquals(204, send(SandboxBank.CREDENTIAL, event(bankId, "partiallyAuthorised", first)).statusCode());
        assertEquals("partiallyAuthorised", ConsentRows.column(db, consentId, "status", String.class));
        assertEquals(204, send(SandboxBank.CREDENTIAL, event(bankId, "partiallyAuthorised", first)).statusCode(),
                "the same event again");
        assertEquals(204, send(SandboxBank.CREDENTIAL, event(bankId, "valid", first.plusSeconds(1))).statusCode());
        assertEquals("valid", ConsentRows.column(db, consentId, "status", String.class));
        assertEquals(204, send(SandboxBank.CREDENTIAL, event(bankId, "partiallyAuthorised", first.plusSeconds(2)))
                .statusCode(), "a valid consent never goes back");
        assertEquals("valid", ConsentRows.column(db, consentId, "status", String.class));
    }

    @Test
    void anEventOlderThanOneAppliedIsIgnoredAndTerminatedByBankIsExpired() {
        String consentId = validConsent();
        String bankId = bankIdOf(consentId);
        Instant later = Instant.now();
        assertEquals(204, send(SandboxBank.CREDENTIAL, event(bankId, "valid", later)).statusCode());
        // older than the valid applied: stale, though valid → expired would be a move of the machine
        assertEquals(204, send(SandboxBank.CREDENTIAL, event(bankId, "expired", later.minusSeconds(5))).statusCode());
        assertEquals("valid", ConsentRows.column(db, consentId, "status", String.class));
        assertEquals(204, send(SandboxBank.CREDENTIAL, event(bankId, "terminatedByBank", later.plusSeconds(1))).statusCode());
        assertEquals("expired", ConsentRows.column(db, consentId, "status", String.class));
        Response refused = lookup(consentId);
        assertError(refused, 401, "ConsentExpired", "CONSENT_EXPIRED");
        assertTrue(refused.jsonPath().getString("error_message").contains("ended by the bank"), refused.asString());
    }

    @Test
    void pollingFindsARevocationTheBankNeverReported() {
        String consentId = validConsent();
        revokeInOnlineBanking(bankIdOf(consentId));
        // the sandbox's events go nowhere in this test: only the polling can learn of it
        assertEquals(200, lookup(consentId).statusCode(), "not heard of yet");
        bankSync.enqueueDue();
        tasks.runDue();
        assertEquals(200, lookup(consentId).statusCode(), "heard from the bank just now: not stale yet");
        heardFromBankLongAgo(consentId);
        bankSync.enqueueDue();
        tasks.runDue();
        Response refused = lookup(consentId);
        assertError(refused, 401, "ConsentInvalid", "CONSENT_INVALID");
        assertTrue(refused.asString().contains("revokedByPsu"), refused.asString());
    }

    /**
     * A consent whose check is still pending (its bank down, the task waiting out its backoff) is not what the polling
     * reads: at a bank that stays down such consents would fill every batch, oldest first, and no other consent would
     * be checked until that bank is back.
     */
    @Test
    void aCheckStillPendingDoesNotHoldUpTheConsentsBehindIt() {
        String waiting = validConsent();
        String behind = validConsent();
        heardFromBankAgo(waiting, "2 days");
        heardFromBankAgo(behind, "1 day");
        QuarkusTransaction.requiringNew().run(() -> assertTrue(taskQueue.enqueue(
                NewTask.of(BankSyncTask.TYPE, waiting).target("sandbox").notBefore(Instant.now().plusSeconds(3600)))));

        List<Consent> due = QuarkusTransaction.requiringNew().call(() -> consents.dueForBankCheck(
                Instant.now().minusSeconds(3600), Set.of("sandbox"), BankSyncTask.TYPE, 1));
        assertEquals(List.of(behind), due.stream().map(Consent::getId).toList(),
                "the oldest consent without a pending check");
    }

    private void heardFromBankLongAgo(String consentId) {
        heardFromBankAgo(consentId, "1 hour");
    }

    private void heardFromBankAgo(String consentId, String interval) {
        try (Connection connection = db.getConnection();
             PreparedStatement update = connection.prepareStatement(
                     "update consent set bank_checked_at = now() - ?::interval where id = ?")) {
            update.setString(1, interval);
            update.setString(2, consentId);
            assertEquals(1, update.executeUpdate());
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** psu1 revokes the consent in the sandbox's online banking, as in a browser (CSRF token as cookie and field). */
    private void revokeInOnlineBanking(String bankConsentId) {
        String csrf = UUID.randomUUID().toString();
        Response login = given().redirects().follow(false).cookie("SANDBOX_CSRF", csrf).contentType("application/x-www-form-urlencoded")
                .formParam("csrf", csrf).formParam("username", "psu1").formParam("password", "sandbox")
                .post(bankUrl + "/online-banking/login");
        assertEquals(303, login.statusCode(), login.asString());
        Response revoke = given().redirects().follow(false).cookie("SANDBOX_CSRF", csrf)
                .cookie("SANDBOX_OB", login.cookie("SANDBOX_OB")).contentType("application/x-www-form-urlencoded")
                .formParam("csrf", csrf).post(bankUrl + "/online-banking/consents/" + bankConsentId + "/revoke");
        assertEquals(303, revoke.statusCode(), revoke.asString());
    }
}
