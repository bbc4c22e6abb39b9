package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.TPP_OK;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.oneOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import eu.xs2a.payment.support.BankSandboxResource;
import eu.xs2a.payment.support.GatewayDb;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.RelayBank;
import eu.xs2a.payment.support.Sca;
import eu.xs2a.payment.support.Tpps;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The payment read's {@code debtorAccount} against the real sandbox bank: absent until the PSU chose the account on
 * the bank's page, then the bank's report of that choice, learned when the PSU comes back and stored; a debtor account
 * the TPP named is shown as the TPP named it, whatever the bank reports; and a debtor IBAN the bank reports malformed
 * is not shown, while the payment's status still follows the bank.
 */
@QuarkusTest
class DebtorAccountTest {

    /** psu1's accounts at the sandbox: the bank offers them in this order, so choosing the second is a choice. */
    private static final String PSU1_MAIN = "DE49100200300100000011";
    private static final String PSU1_SAVINGS = "DE26100200300100000037";

    @Inject AgroalDataSource dataSource;

    @Test
    void theAccountThePsuChoseAtTheBankIsShownOnceChosen() {
        Response created = Payments.initiate(ALPHA, "sandbox", SCT, headers(), Payments.body("4.00"));
        created.then().statusCode(201);
        String self = created.path("_links.self.href");
        String id = created.path("paymentId");

        Tpps.get(ALPHA, self).then().statusCode(200)
                .body("transactionStatus", equalTo("RCVD"))
                .body("$", not(hasKey("debtorAccount")));

        assertEquals(TPP_OK, Sca.approve(created.path("_links.scaRedirect.href"), "psu1", PSU1_SAVINGS));
        // learned from the bank when the PSU came back, before any read of the TPP
        assertEquals(PSU1_SAVINGS, new GatewayDb(dataSource).chosenDebtorIban(id));
        Tpps.get(ALPHA, self).then().statusCode(200)
                .body("transactionStatus", oneOf("ACSP", "ACSC"))
                .body("debtorAccount", equalTo(Map.of("iban", PSU1_SAVINGS, "currency", "EUR")));
    }

    @Test
    void aPaymentThePsuDeniedNamesNoDebtor() {
        Response created = Payments.initiate(ALPHA, "sandbox", SCT, headers(), Payments.body("4.50"));
        String self = created.then().statusCode(201).extract().path("_links.self.href");
        Sca.deny(created.path("_links.scaRedirect.href"), "psu1");
        Tpps.get(ALPHA, self).then().statusCode(200)
                .body("transactionStatus", equalTo("RJCT"))
                .body("$", not(hasKey("debtorAccount")));
    }

    @Test
    void theDebtorTheTppNamedIsShownAsTheTppNamedIt() {
        Response created = Payments.initiate(ALPHA, "sandbox", SCT, headers(), withDebtor("4.10", PSU1_MAIN));
        String self = created.then().statusCode(201).extract().path("_links.self.href");
        String id = created.path("paymentId");

        assertEquals(TPP_OK, Sca.approve(created.path("_links.scaRedirect.href"), "psu1"));
        Tpps.get(ALPHA, self).then().statusCode(200)
                .body("transactionStatus", oneOf("ACSP", "ACSC"))
                .body("debtorAccount", equalTo(Map.of("iban", PSU1_MAIN, "swiftCode", "SBOXDEBBXXX")));
        assertNull(new GatewayDb(dataSource).chosenDebtorIban(id));
    }

    @Test
    void aBankReportingAnotherDebtorThanTheTppNamedDoesNotChangeIt() {
        try (RelayBank relay = RelayBank.forRelayedProvider().start()) {
            Response created = Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT, headers(),
                    withDebtor("4.20", PSU1_MAIN));
            String self = created.then().statusCode(201).extract().path("_links.self.href");
            relay.reportDebtorIban(PSU1_SAVINGS);

            assertEquals(TPP_OK, Sca.approve(created.path("_links.scaRedirect.href"), "psu1"));
            Tpps.get(ALPHA, self).then().statusCode(200)
                    .body("transactionStatus", oneOf("ACSP", "ACSC"))
                    .body("debtorAccount.iban", equalTo(PSU1_MAIN));
        }
    }

    @Test
    void aMalformedDebtorIbanFromTheBankIsNotShownAndTheStatusStillFollowsTheBank() {
        try (RelayBank relay = RelayBank.forRelayedProvider().start()) {
            Response created = Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT, headers(),
                    Payments.body("4.30"));
            String self = created.then().statusCode(201).extract().path("_links.self.href");
            String id = created.path("paymentId");
            relay.reportDebtorIban("DE00 1002 0030 BROKEN");

            assertEquals(TPP_OK, Sca.approve(created.path("_links.scaRedirect.href"), "psu1", PSU1_SAVINGS));
            Tpps.get(ALPHA, self).then().statusCode(200)
                    .body("transactionStatus", oneOf("ACSP", "ACSC"))
                    .body("$", not(hasKey("debtorAccount")));
            Tpps.get(ALPHA, self + "/status").then().statusCode(200)
                    .body("transactionStatus", oneOf("ACSP", "ACSC"));
            assertNull(new GatewayDb(dataSource).chosenDebtorIban(id));

            // the bank reports a usable IBAN again: the PSU's choice is learned on the next read
            relay.reportDebtorIban(null);
            // (an executed payment too: within the settlement horizon a read asks the bank)
            Tpps.get(ALPHA, self).then().statusCode(200).body("debtorAccount.iban", equalTo(PSU1_SAVINGS));
            assertEquals(PSU1_SAVINGS, new GatewayDb(dataSource).chosenDebtorIban(id));
        }
    }

    private static String withDebtor(String amount, String debtorIban) {
        return Payments.body(amount).replaceFirst("\\{", "{\"debtorAccount\": {\"iban\": \"" + debtorIban
                + "\", \"swiftCode\": \"SBOXDEBBXXX\"},");
    }
}
