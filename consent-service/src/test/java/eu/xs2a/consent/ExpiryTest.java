package eu.xs2a.consent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.consent.domain.ConsentJobs;
import eu.xs2a.consent.support.ConsentRows;
import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Lookup;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.TestClock;
import eu.xs2a.consent.support.Tpps;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The expiry job with a controlled clock: validUntil passed → expired; no SCA within 24 h → rejected. */
@QuarkusTest
class ExpiryTest extends ConsentTestBase {

    @Inject
    TestClock clock;

    @Inject
    ConsentJobs jobs;

    @Inject
    AgroalDataSource dataSource;

    @AfterEach
    void realTime() {
        clock.reset();
    }

    @Test
    void aValidConsentExpiresTheDayAfterValidUntil() {
        String tomorrow = LocalDate.now(ZoneOffset.UTC).plusDays(1).toString();
        Response created = createAis(Tpps.ALPHA, Signed.aisBody(tomorrow, 4, true, Psu.PSU1_MAIN));
        String id = created.jsonPath().getString("consentId");
        assertEquals(302, Psu.approve(created.jsonPath().getString("_links.scaRedirect.href")).statusCode());
        String check = Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "accounts", null, true);

        clock.advance(Duration.ofDays(1));
        jobs.expire();
        assertEquals("valid", status(id), "validUntil itself is still a valid day");
        assertEquals(200, Lookup.check(check).statusCode());

        clock.advance(Duration.ofDays(1));
        // before the job has run the lookup already refuses it
        assertError(Lookup.check(check), 401, "ConsentExpired", "CONSENT_EXPIRED");
        jobs.expire();
        assertEquals("expired", status(id));
        assertError(Lookup.check(check), 401, "ConsentExpired", "CONSENT_EXPIRED");
        // final: the job does not touch it again, only the TPP's DELETE does
        jobs.expire();
        assertEquals("expired", status(id));
        assertEquals(204, Signed.delete(Tpps.ALPHA, Signed.AIS + "/" + id).statusCode());
        assertEquals("terminatedByTpp", status(id));
    }

    @Test
    void aConsentWithoutFinishedScaIsRejectedAfter24Hours() {
        Response created = createAis(Tpps.ALPHA);
        String id = created.jsonPath().getString("consentId");
        String scaStatus = created.jsonPath().getString("_links.scaStatus.href");

        clock.advance(Duration.ofHours(23));
        jobs.expire();
        assertEquals("received", status(id));

        clock.advance(Duration.ofHours(1).plusMinutes(1));
        jobs.expire();
        assertEquals("rejected", status(id));
        assertEquals("failed", Signed.get(Tpps.ALPHA, scaStatus).jsonPath().getString("scaStatus"));
    }

    @Test
    void aValidConsentIsNotRejectedByTheScaDeadline() {
        Response created = createAis(Tpps.ALPHA);
        String id = created.jsonPath().getString("consentId");
        assertEquals(302, Psu.approve(created.jsonPath().getString("_links.scaRedirect.href")).statusCode());
        clock.advance(Duration.ofDays(2));
        jobs.expire();
        assertEquals("valid", status(id));
    }

    /**
     * The PSU approved at the bank, but the browser never came back to the callback and the TPP never read the
     * status: the SCA deadline asks the bank first, and the consent becomes valid, not rejected.
     */
    @Test
    void theScaDeadlineAsksTheBankBeforeRejecting() {
        Response created = createAis(Tpps.ALPHA);
        String id = created.jsonPath().getString("consentId");
        Psu psu = new Psu("psu1").openScaRedirect(created.jsonPath().getString("_links.scaRedirect.href")).logIn();
        psu.decide("approve");
        assertEquals(303, psu.otp("123456").statusCode()); // the browser closes here: no callback

        clock.advance(Duration.ofHours(25));
        jobs.expire();
        assertEquals("valid", storedStatus(id), "the bank's view is applied, not the deadline");
        assertEquals("valid", status(id));
    }

    /**
     * SCA finishing after the consent's last valid day makes it expired, not valid, and the PSU goes to the nok
     * URI; the lookup answers ConsentExpired.
     */
    @Test
    void aConsentWhoseScaFinishesAfterValidUntilIsExpired() {
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        Response created = createAis(Tpps.ALPHA, Signed.aisBody(today, 4, true, Psu.PSU1_MAIN));
        String id = created.jsonPath().getString("consentId");
        Psu psu = new Psu("psu1").openScaRedirect(created.jsonPath().getString("_links.scaRedirect.href")).logIn();
        psu.decide("approve");
        Response done = psu.otp("123456");
        assertEquals(303, done.statusCode(), done.asString());

        clock.advance(Duration.ofDays(1)); // the PSU comes back after midnight UTC
        Response back = Psu.returnToGateway(done.header("Location"));
        assertEquals(302, back.statusCode(), back.asString());
        assertEquals(Signed.TPP_NOK, back.header("Location"));
        assertEquals("expired", status(id));
        assertError(Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "accounts", null, true)), 401,
                "ConsentExpired", "CONSENT_EXPIRED");
    }

    /** The stored status, without the bank refresh that a TPP's read does. */
    private String storedStatus(String id) {
        return ConsentRows.column(dataSource, id, "status", String.class);
    }

    private static String status(String id) {
        return Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/status").jsonPath().getString("consentStatus");
    }
}
