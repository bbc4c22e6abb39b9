package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.initiate;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Tpps;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

/**
 * Verification of Payee (an extension, docs/ARCHITECTURE.md "Extensions to the standard"): the real sandbox bank
 * checks the creditor name against the holder of the creditor IBAN, and the TPP reads its result in the creation
 * answer, the payment's read and its status.
 */
@QuarkusTest
class PayeeVerificationTest {

    /** psu1's Girokonto, held by "Erika Mustermann". */
    private static final String PSU1_MAIN = "DE49100200300100000011";

    private static String body(String creditorName, String creditorIban) {
        return """
                {"instructedAmount": {"currency": "EUR", "amount": "3.00"},
                 "creditorAccount": {"iban": "%s"}, "creditorName": "%s"}
                """.formatted(creditorIban, creditorName);
    }

    private static void assertVerified(String creditorName, String creditorIban, String result, String matchedName) {
        Response created = initiate(ALPHA, "sandbox", SCT, headers(), body(creditorName, creditorIban));
        created.then().statusCode(201)
                .body("payeeVerification.result", equalTo(result))
                .body("payeeVerification.matchedName", equalTo(matchedName));
        String self = created.jsonPath().getString("_links.self.href");
        Tpps.get(ALPHA, self).then().statusCode(200)
                .body("creditorName", equalTo(creditorName))
                .body("payeeVerification.result", equalTo(result))
                .body("payeeVerification.matchedName", equalTo(matchedName));
        Tpps.get(ALPHA, self + "/status").then().statusCode(200)
                .body("payeeVerification.result", equalTo(result))
                .body("payeeVerification.matchedName", equalTo(matchedName));
    }

    @Test
    void theHoldersNameMatches() {
        assertVerified("Erika Mustermann", PSU1_MAIN, "MTCH", null);
    }

    @Test
    void aCloseMatchNamesTheHolder() {
        assertVerified("Erika Musterman", PSU1_MAIN, "CMTC", "Erika Mustermann");
    }

    @Test
    void anotherNameDoesNotMatch() {
        assertVerified("Max Mustermann", PSU1_MAIN, "NMTC", null);
    }

    @Test
    void anAccountAtAnotherBankCannotBeVerified() {
        assertVerified("Merchant GmbH", Payments.CREDITOR_IBAN, "NOAP", null);
    }

    /** An explicitly started authorisation: the bank has not seen the payment yet, so there is nothing to show. */
    @Test
    void aPaymentTheBankHasNotSeenHasNoVerificationYet() {
        Response created = initiate(ALPHA, "sandbox", SCT,
                headers("TPP-Explicit-Authorisation-Preferred", "true"), body("Erika Mustermann", PSU1_MAIN));
        created.then().statusCode(201).body("payeeVerification", nullValue());
        Tpps.get(ALPHA, created.jsonPath().getString("_links.self.href")).then().statusCode(200)
                .body("payeeVerification", nullValue());
    }
}
