package eu.xs2a.consent;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.domain.ConsentForwarder;
import eu.xs2a.consent.domain.ConsentJobs;
import eu.xs2a.consent.domain.ForwardOutcome;
import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.SandboxBank;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.TestClock;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.security.testing.RefusingBank;
import eu.xs2a.security.testing.SwitchableProxy;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Provider sandbox2 reaches the real bank through a switchable TCP proxy. While it is down a new consent stays
 * {@code accepted} (the create still answers 201) and the bank-sync job forwards it once the bank is back; a
 * DELETE while the bank is down still answers 204 and the bank is told later. A bank that refuses a consent makes
 * the create ServiceInvalid and the stored consent rejected. A DELETE racing the forwarder waits for it.
 */
@QuarkusTest
class BankOutageTest extends ConsentTestBase {

    private static final String AIS2 = "/sandbox2/api/berlingroup/v1/consents";

    @Inject
    TestClock clock;

    @Inject
    ConsentJobs jobs;

    @Inject
    ConsentForwarder forwarder;

    @Inject
    AgroalDataSource dataSource;

    @ConfigProperty(name = "psd2.providers.sandbox.bank-url")
    String bankUrl;

    @ConfigProperty(name = "psd2.providers.sandbox2.bank-url")
    String bank2Url;

    private SwitchableProxy proxy;

    @BeforeEach
    void bankDown() {
        URI bank = URI.create(bankUrl);
        proxy = new SwitchableProxy(URI.create(bank2Url).getPort(), bank.getHost(), bank.getPort());
        proxy.down();
    }

    @AfterEach
    void restore() {
        proxy.down();
        clock.reset();
    }

    @Test
    void aConsentCreatedWhileTheBankIsDownIsAcceptedThenForwarded() {
        Response created = Signed.post(Tpps.ALPHA, AIS2, Signed.redirectHeaders(), Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals("accepted", created.jsonPath().getString("consentStatus"));
        String id = created.jsonPath().getString("consentId");
        String scaRedirect = created.jsonPath().getString("_links.scaRedirect.href");
        assertNotNull(scaRedirect);
        assertEquals("accepted", status(id));

        // the PSU follows the link while the bank is still down: 503, and the link is not spent
        Response early = given().redirects().follow(false).get(Psu.gatewayPath(scaRedirect));
        assertError(early, 503, "ServiceUnavailable", "SERVICE_UNAVAILABLE");
        assertNotNull(early.header("Retry-After"));
        // a link checker's HEAD neither spends the link nor calls the bank
        assertEquals(200, given().redirects().follow(false).head(Psu.gatewayPath(scaRedirect)).statusCode());

        // the job, while the bank is down, keeps it accepted
        clock.advance(Duration.ofMinutes(1));
        jobs.syncWithBank();
        assertEquals("accepted", status(id));

        proxy.up();
        clock.advance(Duration.ofMinutes(5)); // past the doubled retry delay
        jobs.syncWithBank();
        assertEquals("received", status(id));

        // and the journey goes on as usual
        Response back = Psu.approve(scaRedirect);
        assertEquals(302, back.statusCode(), back.asString());
        assertEquals("valid", status(id));
    }

    @Test
    void aDeleteWhileTheBankIsDownSucceedsAndTheBankIsToldLater() {
        proxy.up();
        Response created = Signed.post(Tpps.ALPHA, AIS2, Signed.redirectHeaders(), Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals("received", created.jsonPath().getString("consentStatus"), created.asString());
        String id = created.jsonPath().getString("consentId");
        String bankConsentId = bankConsentIdFromDatabase(id);

        proxy.down();
        assertEquals(204, Signed.delete(Tpps.ALPHA, AIS2 + "/" + id).statusCode());
        assertEquals("terminatedByTpp", status(id));
        assertEquals("received", bankStatus(bankConsentId), "the bank has not heard of it yet");

        proxy.up();
        clock.advance(Duration.ofMinutes(1));
        jobs.syncWithBank();
        assertEquals("terminatedByTpp", bankStatus(bankConsentId));
    }

    /**
     * The forwarder holds the consent's row while the bank registers it; a DELETE arriving then waits for the row
     * and must see the bank's id the forwarder commits, so that the bank is told of the deletion. (It once read the
     * consent before waiting, and its stale copy wrote the bank's id back to null: terminated here, valid at the bank.)
     */
    @Test
    void aDeleteWhileTheConsentIsBeingForwardedWaitsAndTellsTheBank() throws Exception {
        Response created = Signed.post(Tpps.ALPHA, AIS2, Signed.redirectHeaders(), Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals("accepted", created.jsonPath().getString("consentStatus"), created.asString());
        String id = created.jsonPath().getString("consentId");

        proxy.up();
        proxy.hold();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            // what the PSU's link and the job do: lock the consent and register it at the (slow) bank
            Future<ForwardOutcome> forward = threads.submit(() -> forwarder.forward(id).outcome());
            assertTrue(proxy.awaitHeldConnection(10), "the forwarder never reached the bank");
            Future<Integer> delete = threads.submit(() -> Signed.delete(Tpps.ALPHA, AIS2 + "/" + id).statusCode());
            awaitOneWaitingForARowLock();
            proxy.release();
            assertEquals(ForwardOutcome.REGISTERED, forward.get(10, TimeUnit.SECONDS));
            assertEquals(204, delete.get(10, TimeUnit.SECONDS));
        } finally {
            threads.shutdownNow();
        }

        assertEquals("terminatedByTpp", status(id));
        String bankConsentId = bankConsentIdFromDatabase(id);
        assertNotNull(bankConsentId, "the DELETE lost the bank's id");
        assertEquals("terminatedByTpp", bankStatus(bankConsentId));
    }

    @Test
    void readsWhileTheBankIsDownShowTheStoredStatus() {
        proxy.up();
        Response created = Signed.post(Tpps.ALPHA, AIS2, Signed.redirectHeaders(), Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        String id = created.jsonPath().getString("consentId");
        proxy.down();
        assertEquals("received", status(id));
        assertEquals("received", Signed.get(Tpps.ALPHA, created.jsonPath().getString("_links.scaStatus.href"))
                .jsonPath().getString("scaStatus"));
    }

    @Test
    void aConsentTheBankRefusesIsServiceInvalidAndStoredRejected() throws Exception {
        byte[] body = Signed.aisBody(null, 4, true, Psu.PSU1_MAIN).getBytes(StandardCharsets.UTF_8);
        Map<String, String> signed = Tpps.ALPHA.signer().sign("POST", AIS2, Signed.redirectHeaders(), body);
        Response refused;
        // sandbox2's bank port refuses every call, in place of the bank
        try (RefusingBank bank = RefusingBank.listen(URI.create(bank2Url).getPort())) {
            refused = given().headers(signed).contentType("application/json").body(body).post(AIS2);
        }
        assertError(refused, 400, "ServiceInvalid", "SERVICE_INVALID");
        // the refused consent is stored rejected, its authorisation failed, nothing left pending; and its error answer
        // was written by the same transaction (PostgreSQL's xmin), so no crash leaves its X-Request-ID "already used"
        // without an answer
        try (var connection = dataSource.getConnection();
             var statement = connection.prepareStatement("""
                     select c.status, c.next_bank_attempt_at, a.sca_status, c.xmin::text,
                            (select r.xmin::text from request_replay r where r.request_id = ?::uuid)
                       from consent c join consent_authorisation a on a.consent_id = c.id
                     where c.provider_code = 'sandbox2' order by c.created_at desc limit 1""")) {
            statement.setString(1, signed.get("X-Request-ID"));
            try (var rows = statement.executeQuery()) {
                assertTrue(rows.next());
                assertEquals("rejected", rows.getString(1));
                assertNull(rows.getTimestamp(2));
                assertEquals("failed", rows.getString(3));
                assertEquals(rows.getString(4), rows.getString(5), "the rejected consent and its answer in one transaction");
            }
        }
        // the retry gets the same error, and the bank (now gone) is not asked again
        Response again = given().headers(signed).contentType("application/json").body(body).post(AIS2);
        assertEquals(400, again.statusCode());
        assertEquals(refused.asString(), again.asString());
    }

    private void awaitOneWaitingForARowLock() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        try (var connection = dataSource.getConnection();
             var statement = connection.prepareStatement("""
                     select count(*) from pg_stat_activity
                     where datname = current_database() and wait_event_type = 'Lock'""")) {
            while (System.nanoTime() < deadline) {
                try (var rows = statement.executeQuery()) {
                    rows.next();
                    if (rows.getInt(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(20);
            }
        }
        throw new AssertionError("the DELETE never waited for the consent's row");
    }

    /** The bank's id of a consent (not shown to TPPs; account-service learns it from the lookup once valid). */
    private String bankConsentIdFromDatabase(String id) {
        try (var connection = dataSource.getConnection();
             var statement = connection.prepareStatement("select bank_consent_id from consent where id = ?")) {
            statement.setString(1, id);
            try (var rows = statement.executeQuery()) {
                rows.next();
                return rows.getString(1);
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private String bankStatus(String bankConsentId) {
        return given().header("Authorization", "Bearer " + SandboxBank.CREDENTIAL)
                .get(bankUrl + "/bank/v1/consents/" + bankConsentId).jsonPath().getString("status");
    }

    private static String status(String id) {
        return Signed.get(Tpps.ALPHA, AIS2 + "/" + id + "/status").jsonPath().getString("consentStatus");
    }
}
