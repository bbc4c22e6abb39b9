package eu.xs2a.consent;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import eu.xs2a.consent.domain.ConsentJobs;
import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.SandboxBank;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.SwitchableProxy;
import eu.xs2a.consent.support.TestClock;
import eu.xs2a.consent.support.Tpps;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Provider sandbox2 reaches the real bank through a switchable TCP proxy. While it is down a new consent stays
 * {@code accepted} (the create still answers 201) and the bank-sync job forwards it once the bank is back; a
 * DELETE while the bank is down still answers 204 and the bank is told later.
 */
@QuarkusTest
class BankOutageTest extends ConsentTestBase {

    private static final String AIS2 = "/sandbox2/api/berlingroup/v1/consents";

    @Inject
    TestClock clock;

    @Inject
    ConsentJobs jobs;

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
