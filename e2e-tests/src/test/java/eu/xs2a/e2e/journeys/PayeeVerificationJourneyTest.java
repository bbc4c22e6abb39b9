package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.CREDITOR;
import static eu.xs2a.e2e.support.BerlinGroup.PAYMENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.response.Response;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Verification of Payee through the whole stack: the sandbox bank checks the creditor name of a SEPA payment against
 * the holder of the creditor IBAN, the PSU reads the result in words on the bank's page before approving (and may
 * approve anyway, or deny), and the TPP reads it as {@code payeeVerification} in the creation answer, the read and
 * the status (docs/ARCHITECTURE.md "Extensions to the standard").
 */
class PayeeVerificationJourneyTest extends Journey {

    private record Case(String creditorName, String creditorIban, String result, String matchedName, String words) {
    }

    @Test
    void eachOutcomeReachesThePsuAndTheTpp() {
        Tpp tpp = newTpp("Delta Pay", "PSP_PI");
        List<Case> cases = List.of(
                new Case("Erika Mustermann", PSU1_MAIN, "MTCH", null, "The name matches the account holder."),
                new Case("Erika Musterman", PSU1_MAIN, "CMTC", "Erika Mustermann",
                        "close to, but not the same as, the account holder's name: Erika Mustermann"),
                new Case("Max Mustermann", PSU1_MAIN, "NMTC", null, "does not match the account holder"),
                new Case("Merchant GmbH", CREDITOR, "NOAP", null, "could not be checked"));
        for (Case c : cases) {
            String ok = redirectUri("paid");
            Response created = tpp.post(PAYMENTS, PaymentJourneyTest.paymentHeaders(ok, null), body(c));
            assertStatus(201, created);
            assertVerification(c, created);
            String payment = PAYMENTS + "/" + created.jsonPath().getString("paymentId");

            PsuBrowser page = browser().open(created.jsonPath().getString("_links.scaRedirect.href")).logIn("psu1");
            assertTrue(page.pageText().contains(c.words()), c.result() + ": " + page.pageText());
            if (c.result().equals("NMTC")) {
                assertEquals(ok, page.deny().landedUrl(), "the PSU may deny (back to the TPP-Redirect-URI: no nok URI)");
                assertEquals("RJCT", status(tpp, payment, List.of("RJCT")));
            } else {
                assertEquals(ok, page.approve().otp(PsuBrowser.OTP).landedUrl(), "the PSU approves anyway");
                status(tpp, payment, List.of("ACSP", "ACSC"));
            }
            assertVerification(c, tpp.get(payment));
            assertVerification(c, tpp.get(payment + "/status"));
        }
    }

    private static String body(Case c) {
        return """
                {"debtorAccount": {"iban": "%s"}, "instructedAmount": {"currency": "EUR", "amount": "1.50"},
                 "creditorAccount": {"iban": "%s"}, "creditorName": "%s"}
                """.formatted(PSU1_SAVINGS, c.creditorIban(), c.creditorName());
    }

    private static void assertVerification(Case c, Response answer) {
        assertStatus(answer.statusCode() == 201 ? 201 : 200, answer);
        assertEquals(c.result(), answer.jsonPath().getString("payeeVerification.result"), answer.asString());
        if (c.matchedName() == null) {
            assertNull(answer.jsonPath().get("payeeVerification.matchedName"), answer.asString());
        } else {
            assertEquals(c.matchedName(), answer.jsonPath().getString("payeeVerification.matchedName"));
        }
    }

    private static String status(Tpp tpp, String payment, List<String> expected) {
        return eventually("the bank deciding " + payment,
                () -> tpp.get(payment + "/status").jsonPath().getString("transactionStatus"), expected::contains);
    }
}
