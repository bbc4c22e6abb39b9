package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.body;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.initiate;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import eu.xs2a.payment.support.BankSandboxResource;
import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.TestClock;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.platform.provider.ProviderRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * "Today" for requestedExecutionDate is the provider's own (psd2.providers.&lt;code&gt;.time-zone), not one zone of
 * the service: {@code sandbox} (Europe/Berlin) and {@value BankSandboxResource#FAR_EAST} (Pacific/Kiritimati, UTC+14)
 * are both the sandbox bank, and at one instant the same date is today for the one and past for the other. The clock
 * is set ({@link TestClock}), so that the instant is known; a separate class from {@link PaymentInitiationTest}, whose
 * checks also run against the packaged jar, which has no test clock. How far ahead a payment may be dated is the
 * provider's too (psd2.providers.&lt;code&gt;.max-execution-days-ahead).
 */
@QuarkusTest
class ProviderTimeZoneTest {

    /** 12:30 on 14 January in Berlin (UTC+1), already 01:30 on 15 January in Kiritimati (UTC+14). */
    private static final Instant CALENDARS_APART = Instant.parse("2026-01-14T11:30:00Z");
    /** 09:00 in Berlin and 22:00 in Kiritimati, both still on 14 January. */
    private static final Instant SAME_DAY = Instant.parse("2026-01-14T08:00:00Z");
    private static final LocalDate BERLIN_TODAY = LocalDate.parse("2026-01-14");

    @Inject TestClock clock;
    @Inject ProviderRegistry registry;

    @AfterEach
    void realTimeAgain() {
        clock.reset();
    }

    private static String dated(LocalDate date) {
        return body("15.00").replaceFirst("\\{", "{\"requestedExecutionDate\": \"" + date + "\", ");
    }

    private static Response initiateDated(String provider, LocalDate date) {
        return initiate(ALPHA, provider, SCT, headers(), dated(date));
    }

    /** The instants above are what they say for the zones the providers have. */
    @Test
    void theProvidersHaveTheirOwnZones() {
        assertEquals(ZoneId.of("Europe/Berlin"), registry.require("sandbox").timeZone());
        assertEquals(ZoneId.of(BankSandboxResource.FAR_EAST_ZONE),
                registry.require(BankSandboxResource.FAR_EAST).timeZone());
        assertEquals(BERLIN_TODAY, LocalDate.ofInstant(CALENDARS_APART, registry.require("sandbox").timeZone()));
        assertNotEquals(BERLIN_TODAY, LocalDate.ofInstant(CALENDARS_APART,
                registry.require(BankSandboxResource.FAR_EAST).timeZone()));
        assertEquals(BERLIN_TODAY, LocalDate.ofInstant(SAME_DAY,
                registry.require(BankSandboxResource.FAR_EAST).timeZone()));
    }

    @Test
    void theSameDateIsTodayForOneProviderAndPastForTheOther() {
        clock.advanceTo(CALENDARS_APART);

        Response accepted = initiateDated("sandbox", BERLIN_TODAY);
        String self = accepted.then().statusCode(201).body("transactionStatus", equalTo("RCVD"))
                .extract().path("_links.self.href");
        Tpps.get(ALPHA, self).then().statusCode(200).body("requestedExecutionDate", equalTo(BERLIN_TODAY.toString()));

        Errors.expect(initiateDated(BankSandboxResource.FAR_EAST, BERLIN_TODAY), 400, "FormatError")
                .body("error_code", equalTo("EXECUTION_DATE_INVALID"))
                .body("error_message", containsString("requestedExecutionDate " + BERLIN_TODAY + " is in the past"));
        // the far provider's own today is fine, and so is the sandbox's tomorrow
        initiateDated(BankSandboxResource.FAR_EAST, BERLIN_TODAY.plusDays(1)).then().statusCode(201);
        initiateDated("sandbox", BERLIN_TODAY.plusDays(1)).then().statusCode(201);
        // the day before is past for both
        Errors.expect(initiateDated("sandbox", BERLIN_TODAY.minusDays(1)), 400, "FormatError");
    }

    /** The last day each provider's bank takes a payment for is its own; the day after is refused, naming the field. */
    @Test
    void eachProviderTakesPaymentsUpToItsOwnHorizon() {
        clock.advanceTo(SAME_DAY);
        initiateDated("sandbox", BERLIN_TODAY.plusDays(365)).then().statusCode(201);
        Errors.expect(initiateDated("sandbox", BERLIN_TODAY.plusDays(366)), 400, "FormatError")
                .body("error_code", equalTo("EXECUTION_DATE_INVALID"))
                .body("tppMessages[0].path", equalTo("requestedExecutionDate"))
                .body("error_message", containsString("requestedExecutionDate " + BERLIN_TODAY.plusDays(366)
                        + " is too far ahead: the bank takes payments for execution up to "
                        + BERLIN_TODAY.plusDays(365)));
        int farEast = BankSandboxResource.FAR_EAST_DAYS_AHEAD;
        initiateDated(BankSandboxResource.FAR_EAST, BERLIN_TODAY.plusDays(farEast)).then().statusCode(201);
        Errors.expect(initiateDated(BankSandboxResource.FAR_EAST, BERLIN_TODAY.plusDays(farEast + 1)), 400,
                "FormatError").body("error_code", equalTo("EXECUTION_DATE_INVALID"));
    }

    /** Earlier in the (UTC) day both calendars show one date: the refusal above is the far zone's at that time. */
    @Test
    void whileBothCalendarsShowTheSameDayBothAcceptIt() {
        clock.advanceTo(SAME_DAY);
        initiateDated(BankSandboxResource.FAR_EAST, BERLIN_TODAY).then().statusCode(201);
        initiateDated("sandbox", BERLIN_TODAY).then().statusCode(201);
        Errors.expect(initiateDated(BankSandboxResource.FAR_EAST, BERLIN_TODAY.minusDays(1)), 400, "FormatError");
    }
}
