package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.support.Eventually;
import eu.xs2a.e2e.support.Stack;
import io.restassured.response.Response;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 50: the bank tells the gateway of a consent's end. The PSU revokes in the bank's online banking and the
 * TPP's very next read is refused, within a second of the revoke page's answer (the bank's status event); a
 * revocation the bank does not report is found by consent-service's polling of the bank within its stale time,
 * with no TPP call.
 */
class BankStatusEventsJourneyTest extends Journey {

    /** The measured bound of the issue: from the revoke page's answer to the TPP's refusal. */
    private static final Duration REFUSED_WITHIN = Duration.ofSeconds(1);

    /** A TPP with a valid consent to psu1's main account that it has read with. */
    private record Reading(Tpp tpp, String name, String consentId) {
    }

    private static Reading readingTpp(String name) {
        Tpp aisp = newTpp(name, "PSP_AI");
        String consentId = approvedConsent(aisp, aisBody(PSU1_MAIN));
        assertStatus(200, aisp.get(ACCOUNTS, consent(consentId)));
        return new Reading(aisp, name, consentId);
    }

    @Test
    void theTppsVeryNextReadAfterTheRevokeIsRefusedWithinASecond() {
        Reading reading = readingTpp("Omega Insights " + UUID.randomUUID().toString().substring(0, 6));
        OnlineBanking banking = OnlineBanking.logIn(stack.serviceUrl("aspsp-sandbox"), "psu1");
        String bankConsentId = banking.consentOf(reading.name());

        banking.revoke(bankConsentId);
        Instant revokeAnswered = Instant.now();
        Response read = reading.tpp().get(ACCOUNTS, consent(reading.consentId()));
        Duration untilRefused = Duration.between(revokeAnswered, Instant.now());

        assertError(read, 401, "ConsentInvalid", "CONSENT_INVALID");
        assertTrue(read.asString().contains("revokedByPsu"), read.asString());
        System.out.printf("issue 50: revoke page answered → TPP read refused in %d ms%n", untilRefused.toMillis());
        assertTrue(untilRefused.compareTo(REFUSED_WITHIN) <= 0, "refused after " + untilRefused.toMillis() + " ms");
        assertEquals("revokedByPsu", consentStatus(reading.tpp(), reading.consentId()));
        assertError(reading.tpp().post(ACCOUNTS + "/refresh", consent(reading.consentId()), "{\"initiatedByCustomer\": true}"),
                401, "ConsentInvalid", "CONSENT_INVALID");
    }

    @Test
    void aRevocationTheBankDoesNotReportIsFoundByPolling() {
        Reading reading = readingTpp("Sigma Ledger " + UUID.randomUUID().toString().substring(0, 6));
        Instant revoked = revokeAtTheBankWithoutEvent(reading.name());

        // no TPP call meanwhile: consent-service asks the bank once it has heard nothing for stale-after
        Duration bound = Stack.BANK_SYNC_STALE_AFTER.plusSeconds(6);
        Eventually.within(bound, "consent-service learns of the revocation by polling",
                () -> gatewayStatus(reading.consentId()), "revokedByPsu"::equals);
        System.out.printf("issue 50: bank-side revocation without an event seen by polling after %d ms%n",
                Duration.between(revoked, Instant.now()).toMillis());
        Response read = reading.tpp().get(ACCOUNTS, consent(reading.consentId()));
        assertError(read, 401, "ConsentInvalid", "CONSENT_INVALID");
        assertTrue(read.asString().contains("revokedByPsu"), read.asString());
    }

    /**
     * A bank that cannot call back: the consent is revoked in the bank's own database and its status event taken out
     * of the outbox in the same transaction, so nothing is ever sent. Answers when it committed.
     */
    private static Instant revokeAtTheBankWithoutEvent(String tppName) {
        try (Connection bank = DriverManager.getConnection(stack.databaseUrl("aspsp"), "xs2a", "xs2a")) {
            bank.setAutoCommit(false);
            String id;
            try (PreparedStatement revoke = bank.prepareStatement("update consent set status = 'revokedByPsu',"
                    + " status_changed_at = now() where tpp_name = ? and status = 'valid' returning id")) {
                revoke.setString(1, tppName);
                try (ResultSet row = revoke.executeQuery()) {
                    assertTrue(row.next(), "the bank holds the TPP's valid consent");
                    id = row.getString(1);
                }
            }
            try (PreparedStatement silence = bank.prepareStatement(
                    "delete from bank_event where resource_id = ? and status = 'revokedByPsu'")) {
                silence.setString(1, id);
                assertEquals(1, silence.executeUpdate(), "the revocation's event");
            }
            bank.commit();
            return Instant.now();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The consent's status as consent-service stores it (a TPP's status read would ask the bank itself). */
    private static String gatewayStatus(String consentId) {
        try (Connection db = DriverManager.getConnection(stack.databaseUrl("consent"), "xs2a", "xs2a");
             PreparedStatement query = db.prepareStatement("select status from consent where id = ?")) {
            query.setString(1, consentId);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The PSU in the bank's online banking over plain HTTP, as its forms do it (the CSRF token as cookie and field):
     * the revoke's answer is one response whose arrival the test can time.
     */
    private record OnlineBanking(String bankUrl, String csrf, String session) {

        private static final Pattern ROW = Pattern.compile("<tr id=\"consent-([^\"]+)\">\\s*<td class=\"tpp\">([^<]*)</td>");

        static OnlineBanking logIn(String bankUrl, String psu) {
            String csrf = UUID.randomUUID().toString();
            Response login = given().redirects().follow(false).cookie("SANDBOX_CSRF", csrf)
                    .formParams(Map.of("csrf", csrf, "username", psu, "password", PsuBrowser.PASSWORD))
                    .post(bankUrl + "/online-banking/login");
            assertStatus(303, login);
            return new OnlineBanking(bankUrl, csrf, login.cookie("SANDBOX_OB"));
        }

        /** The bank's id of the valid consent the PSU gave to the TPP of this name, as the page lists it. */
        String consentOf(String tppName) {
            Response page = given().cookie("SANDBOX_OB", session).cookie("SANDBOX_CSRF", csrf).get(bankUrl + "/online-banking");
            assertStatus(200, page);
            Matcher row = ROW.matcher(page.asString());
            while (row.find()) {
                if (row.group(2).trim().equals(tppName)) {
                    return row.group(1);
                }
            }
            throw new AssertionError("no consent of " + tppName + " in the online banking");
        }

        /** Presses Revoke; returns once the bank has answered the page (303 back to the list). */
        void revoke(String bankConsentId) {
            Response answer = given().redirects().follow(false).cookie("SANDBOX_OB", session).cookie("SANDBOX_CSRF", csrf)
                    .formParam("csrf", csrf).post(bankUrl + "/online-banking/consents/" + bankConsentId + "/revoke");
            assertStatus(303, answer);
        }
    }
}
