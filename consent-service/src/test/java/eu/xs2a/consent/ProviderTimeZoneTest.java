package eu.xs2a.consent;

import static eu.xs2a.consent.support.SandboxBank.FAR_AWAY;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.consent.domain.ConsentJobs;
import eu.xs2a.consent.support.ClockedConsentTestBase;
import eu.xs2a.consent.support.ConsentRows;
import eu.xs2a.consent.support.Lookup;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.SandboxBank;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.testsupport.BankDates;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The consent calendar is the consent's provider's ({@code psd2.providers.<code>.time-zone}): provider {@code sandbox}
 * (Europe/Berlin) next to provider {@link SandboxBank#FAR_AWAY} (Pacific/Kiritimati, UTC+14), with the clock moved
 * to instants where the two banks are on different dates (from 10:00 UTC until midnight in Berlin). The same
 * validUntil is then a valid day at one bank and past at the other, for creation, reads, the lookup, its access
 * count and the expiry job alike.
 */
@QuarkusTest
class ProviderTimeZoneTest extends ClockedConsentTestBase {

    private static final String FAR_AIS = Signed.ais(FAR_AWAY);

    @Inject ConsentJobs jobs;

    @Test
    void theTestProvidersLiveInDifferentZones() {
        assertEquals(ZoneId.of("Europe/Berlin"), BankDates.zone("sandbox"));
        assertEquals(ZoneId.of(SandboxBank.FAR_AWAY_ZONE), BankDates.zone(FAR_AWAY));
    }

    /**
     * Two consents with the same validUntil, one per provider: at 09:00 UTC on that day both banks are still on it; at
     * 12:00 UTC Kiritimati is on the next day (02:00) and Berlin is not (13:00 or 14:00), so the lookup refuses only the
     * far bank's consent and the job expires only that one; a day later Berlin's has ended too.
     */
    @Test
    void theSameValidUntilHasEndedAtTheFarBankAndNotYetAtBerlins() {
        LocalDate validUntil = BankDates.today(FAR_AWAY).plusDays(1); // Kiritimati's date is never behind Berlin's
        String berlin = validConsent(Signed.AIS, validUntil);
        String far = validConsent(FAR_AIS, validUntil);
        String berlinCheck = Lookup.body("sandbox", Tpps.ALPHA.tppId(), berlin, "AIS", "accounts", null, true);
        String farCheck = Lookup.body(FAR_AWAY, Tpps.ALPHA.tppId(), far, "AIS", "accounts", null, true);

        clock.advanceTo(utc(validUntil, 9)); // 23:00 in Kiritimati, 10:00 or 11:00 in Berlin
        jobs.expire();
        assertEquals("valid", storedStatus(berlin));
        assertEquals("valid", storedStatus(far), "23:00 in Kiritimati: still its last valid day");
        assertEquals(200, Lookup.check(berlinCheck).statusCode());
        assertEquals(200, Lookup.check(farCheck).statusCode());

        clock.advanceTo(utc(validUntil, 12));
        assertEquals(200, Lookup.check(berlinCheck).statusCode(), "13:00 or 14:00 in Berlin: its last valid day");
        Response expired = Lookup.check(farCheck);
        assertError(expired, 401, "ConsentExpired", "CONSENT_EXPIRED");
        assertEquals("Consent '" + far + "' expired on " + validUntil, expired.jsonPath().getString("error_message"));
        jobs.expire();
        assertEquals("valid", storedStatus(berlin), "the job counts Berlin's consents in Berlin's day");
        assertEquals("expired", storedStatus(far), "and the far bank's in Kiritimati's");
        assertEquals("valid", status(Signed.AIS, berlin));
        assertEquals("expired", status(FAR_AIS, far));

        clock.advanceTo(utc(validUntil.plusDays(1), 12)); // the next day in Berlin as well
        assertError(Lookup.check(berlinCheck), 401, "ConsentExpired", "CONSENT_EXPIRED");
        jobs.expire();
        assertEquals("expired", storedStatus(berlin));
    }

    /**
     * A TPP's read past validUntil expires the consent by its provider's date (no job needed), and an unattended
     * access counts on the provider's day: at 12:00 UTC the day before validUntil (already validUntil in Kiritimati)
     * and at 09:00 UTC on validUntil (still validUntil there, but a new UTC and Berlin day) the two accesses share one
     * day's count.
     */
    @Test
    void readsAndAccessCountsFollowTheProvidersDay() {
        LocalDate validUntil = BankDates.today(FAR_AWAY).plusDays(1);
        String far = validConsent(FAR_AIS, validUntil);
        String unattended = Lookup.body(FAR_AWAY, Tpps.ALPHA.tppId(), far, "AIS", "accounts", null, false);

        clock.advanceTo(utc(validUntil.minusDays(1), 12)); // validUntil, 02:00 in Kiritimati; the day before in Berlin
        Response first = Lookup.check(unattended);
        assertEquals(200, first.statusCode(), first.asString());
        assertEquals(3, first.jsonPath().getInt("remainingToday"));
        clock.advanceTo(utc(validUntil, 9)); // validUntil, 23:00 in Kiritimati; a new day in UTC and Berlin
        Response second = Lookup.check(unattended);
        assertEquals(200, second.statusCode(), second.asString());
        assertEquals(2, second.jsonPath().getInt("remainingToday"), "the same day at the far bank: one count");
        assertEquals(List.of(validUntil + ":2"), ConsentRows.accessCounts(dataSource, far));

        clock.advanceTo(utc(validUntil, 12)); // the next day in Kiritimati
        assertEquals("valid", storedStatus(far), "the job has not run");
        assertEquals("expired", status(FAR_AIS, far), "the read expires it by Kiritimati's date");
        assertEquals("expired", storedStatus(far));
        assertError(Lookup.check(unattended), 401, "ConsentExpired", "CONSENT_EXPIRED");
    }

    /**
     * At 12:00 UTC it is day D in Berlin and D+1 in Kiritimati: validUntil D is today for sandbox (accepted) and
     * yesterday for the far bank (FormatError); the 180 days of the maximum, a card's expiry date and lastActionDate
     * count from each bank's own date.
     */
    @Test
    void validUntilTodayIsTheProvidersToday() {
        LocalDate berlinDay = LocalDate.now(ZoneOffset.UTC).plusDays(1);
        LocalDate farDay = berlinDay.plusDays(1);
        clock.advanceTo(utc(berlinDay, 12));

        String berlin = created(Signed.AIS, berlinDay);
        Response berlinRead = Signed.get(Tpps.ALPHA, Signed.AIS + "/" + berlin);
        assertEquals(berlinDay.toString(), berlinRead.jsonPath().getString("validUntil"));
        assertEquals(berlinDay.toString(), berlinRead.jsonPath().getString("lastActionDate"));
        Response past = create(FAR_AIS, berlinDay);
        assertError(past, 400, "FormatError", "FORMAT_ERROR");
        assertEquals("validUntil " + berlinDay + " is in the past", past.jsonPath().getString("error_message"));

        String far = created(FAR_AIS, farDay);
        Response farRead = Signed.get(Tpps.ALPHA, FAR_AIS + "/" + far);
        assertEquals(farDay.toString(), farRead.jsonPath().getString("validUntil"));
        assertEquals(farDay.toString(), farRead.jsonPath().getString("lastActionDate"), "Kiritimati's date");

        // the maximum (180 days) ahead of each bank's today
        created(FAR_AIS, farDay.plusDays(180));
        Response beyond = create(Signed.AIS, farDay.plusDays(180));
        assertError(beyond, 400, "FormatError", "FORMAT_ERROR");
        assertEquals("validUntil " + farDay.plusDays(180) + " is more than 180 days ahead (latest allowed: "
                + berlinDay.plusDays(180) + ")", beyond.jsonPath().getString("error_message"));

        // a confirmation-of-funds consent's cardExpiryDate: not in the past at its own bank
        assertEquals(201, createFunds(Signed.FUNDS, berlinDay).statusCode());
        Response expiredCard = createFunds(Signed.funds(FAR_AWAY), berlinDay);
        assertError(expiredCard, 400, "FormatError", "FORMAT_ERROR");
        assertEquals("cardExpiryDate " + berlinDay + " is in the past", expiredCard.jsonPath().getString("error_message"));
        assertEquals(201, createFunds(Signed.funds(FAR_AWAY), farDay).statusCode());
    }

    /** A provider the registry does not list has no consents: the lookup answers as for any unknown consent. */
    @Test
    void aLookupUnderAProviderTheRegistryDoesNotListIsConsentUnknown() {
        String id = validConsent(Signed.AIS, BankDates.today().plusDays(1));
        Response unknown = Lookup.check(Lookup.body("nowhere", Tpps.ALPHA.tppId(), id, "AIS", "accounts", null, true));
        assertError(unknown, 401, "ConsentUnknown", "CONSENT_UNKNOWN");
        Response none = Lookup.check(Lookup.body("nowhere", Tpps.ALPHA.tppId(), "nope", "AIS", "accounts", null, true));
        assertEquals(none.asString().replace("nope", id), unknown.asString());
    }

    // --- helpers -------------------------------------------------------------------------------------------

    private static Instant utc(LocalDate day, int hour) {
        return day.atTime(LocalTime.of(hour, 0)).toInstant(ZoneOffset.UTC);
    }

    private static Response create(String path, LocalDate validUntil) {
        return Signed.post(Tpps.ALPHA, path, Signed.redirectHeaders(),
                Signed.aisBody(validUntil.toString(), 4, true, Psu.PSU1_MAIN));
    }

    private static String created(String path, LocalDate validUntil) {
        Response response = create(path, validUntil);
        assertEquals(201, response.statusCode(), response.asString());
        return response.jsonPath().getString("consentId");
    }

    /** An AIS consent under the given provider path, approved by psu1 at the bank. */
    private static String validConsent(String path, LocalDate validUntil) {
        Response response = create(path, validUntil);
        assertEquals(201, response.statusCode(), response.asString());
        assertEquals(302, Psu.approve(response.jsonPath().getString("_links.scaRedirect.href")).statusCode());
        String id = response.jsonPath().getString("consentId");
        assertEquals("valid", status(path, id));
        return id;
    }

    private static Response createFunds(String path, LocalDate cardExpiryDate) {
        return Signed.post(Tpps.ALPHA, path, Signed.redirectHeaders(), "{\"account\":{\"iban\":\"" + Psu.PSU1_MAIN
                + "\",\"currency\":\"EUR\"},\"cardNumber\":\"1234567890123456\",\"cardExpiryDate\":\"" + cardExpiryDate
                + "\"}");
    }

    private static String status(String path, String id) {
        return Signed.get(Tpps.ALPHA, path + "/" + id + "/status").jsonPath().getString("consentStatus");
    }
}
