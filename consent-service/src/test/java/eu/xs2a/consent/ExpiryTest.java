package eu.xs2a.consent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.consent.domain.ConsentJobs;
import eu.xs2a.consent.persistence.AccessCountRepository;
import eu.xs2a.consent.support.ClockedConsentTestBase;
import eu.xs2a.consent.support.ConsentRows;
import eu.xs2a.consent.support.Lookup;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.platform.provider.ProviderCalendar;
import eu.xs2a.testsupport.BankDates;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The expiry job with a controlled clock: validUntil passed → expired; no SCA within 24 h → rejected. */
@QuarkusTest
class ExpiryTest extends ClockedConsentTestBase {

    @Inject ConsentJobs jobs;
    @Inject ProviderCalendar calendar;
    @Inject AccessCountRepository accessCounts;

    @Test
    void aValidConsentExpiresTheDayAfterValidUntil() {
        String tomorrow = BankDates.today().plusDays(1).toString();
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
        String today = BankDates.today().toString();
        Response created = createAis(Tpps.ALPHA, Signed.aisBody(today, 4, true, Psu.PSU1_MAIN));
        String id = created.jsonPath().getString("consentId");
        Psu psu = new Psu("psu1").openScaRedirect(created.jsonPath().getString("_links.scaRedirect.href")).logIn();
        psu.decide("approve");
        Response done = psu.otp("123456");
        assertEquals(303, done.statusCode(), done.asString());

        clock.advance(Duration.ofDays(1)); // the PSU comes back after midnight (the banks' midnight, in Berlin)
        Response back = Psu.returnToGateway(done.header("Location"));
        assertEquals(302, back.statusCode(), back.asString());
        assertEquals(Signed.TPP_NOK, back.header("Location"));
        assertEquals("expired", status(id));
        assertError(Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "accounts", null, true)), 401,
                "ConsentExpired", "CONSENT_EXPIRED");
    }

    /**
     * A consent's last valid day ends with its bank's day (provider sandbox's time-zone, Berlin), not at midnight UTC:
     * at 21:00 UTC on validUntil (22:00 or 23:00 in Berlin) it is still valid; at 23:30 UTC, the same UTC date but
     * already the next day in Berlin, the lookup answers ConsentExpired and the job expires it.
     */
    @Test
    void aConsentEndsWithTheBanksDayNotWithTheUtcDate() {
        LocalDate validUntil = BankDates.today().plusDays(1);
        Response created = createAis(Tpps.ALPHA, Signed.aisBody(validUntil.toString(), 4, true, Psu.PSU1_MAIN));
        String id = created.jsonPath().getString("consentId");
        assertEquals(302, Psu.approve(created.jsonPath().getString("_links.scaRedirect.href")).statusCode());
        String check = Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "accounts", null, true);

        clock.advanceTo(validUntil.atTime(LocalTime.of(21, 0)).toInstant(ZoneOffset.UTC));
        jobs.expire();
        assertEquals("valid", storedStatus(id), "22:00 or 23:00 in Berlin: still the last valid day");
        assertEquals(200, Lookup.check(check).statusCode());

        clock.advanceTo(validUntil.atTime(LocalTime.of(23, 30)).toInstant(ZoneOffset.UTC));
        assertError(Lookup.check(check), 401, "ConsentExpired", "CONSENT_EXPIRED");
        jobs.expire();
        assertEquals("expired", storedStatus(id), "still " + validUntil + " in UTC, but the next day in Berlin");
    }

    /**
     * After midnight in Berlin and before midnight UTC, the UTC date is the banks' yesterday: as validUntil it is in
     * the past, and the 180 days of the maximum count from the Berlin date.
     */
    @Test
    void validUntilIsCheckedAgainstTheBerlinDateWhenItDiffersFromTheUtcDate() {
        LocalDate utcDate = LocalDate.now(ZoneOffset.UTC).plusDays(1);
        clock.advanceTo(utcDate.atTime(LocalTime.of(23, 30)).toInstant(ZoneOffset.UTC));
        LocalDate berlinDate = utcDate.plusDays(1);

        Response past = Signed.post(Tpps.ALPHA, Signed.AIS, Signed.redirectHeaders(),
                Signed.aisBody(utcDate.toString(), 4, true, Psu.PSU1_MAIN));
        assertError(past, 400, "FormatError", "FORMAT_ERROR");
        assertEquals("validUntil " + utcDate + " is in the past", past.jsonPath().getString("error_message"));
        Response longest = createAis(Tpps.ALPHA, Signed.aisBody(berlinDate.plusDays(180).toString(), 4, true,
                Psu.PSU1_MAIN));
        Response read = Signed.get(Tpps.ALPHA, Signed.AIS + "/" + longest.jsonPath().getString("consentId"));
        assertEquals(berlinDate.plusDays(180).toString(), read.jsonPath().getString("validUntil"));
        assertEquals(berlinDate.toString(), read.jsonPath().getString("lastActionDate"), "the Berlin date too");
    }

    /**
     * The run drops the access counts of the days before the westernmost bank's yesterday, once a day: counts are
     * written for today only, so the same day's later runs have nothing to look for (a count put under an old day by
     * hand shows that they do not look).
     */
    @Test
    void accessCountsOlderThanYesterdayAreDroppedOnceADay() {
        String id = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
        jobs.expire(); // today's dropping done
        LocalDate today = calendar.earliestToday().orElseThrow();
        for (int daysAgo = 0; daysAgo <= 3; daysAgo++) {
            accessCounts.countOne(id, today.minusDays(daysAgo), "accounts", 4);
        }
        List<String> fourDays = List.of(today.minusDays(3) + ":1", today.minusDays(2) + ":1",
                today.minusDays(1) + ":1", today + ":1");
        assertEquals(fourDays, ConsentRows.accessCounts(dataSource, id));

        jobs.expire();
        assertEquals(fourDays, ConsentRows.accessCounts(dataSource, id), "dropped once today already");

        clock.advance(Duration.ofDays(1));
        jobs.expire();
        assertEquals(List.of(today + ":1"), ConsentRows.accessCounts(dataSource, id),
                "the new day's run keeps only its yesterday and today");
    }

    private static String status(String id) {
        return Signed.get(Tpps.ALPHA, Signed.AIS + "/" + id + "/status").jsonPath().getString("consentStatus");
    }
}
