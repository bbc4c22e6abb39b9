package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.body;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.initiate;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.GatewayDb;
import eu.xs2a.payment.support.Payments;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * What the bank would refuse only after the payment exists is refused before anything is stored. Its own class: it
 * counts the payments in the service's database, which a {@code @QuarkusIntegrationTest} subclass cannot inject.
 */
@QuarkusTest
class SepaRulesTest {

    private static final String VALID = body("12.30");

    @Inject AgroalDataSource dataSource;

    private static Response post(String body) {
        return initiate(ALPHA, "sandbox", SCT, headers(), body);
    }

    /** The bank would refuse these after the payment exists (400 ServiceInvalid, a hidden RJCT payment). */
    @Test
    void aSepaTransferInAnotherCurrencyOrToABbanIsRefusedBeforeAnythingIsStored() {
        GatewayDb db = new GatewayDb(dataSource);
        long before = db.paymentCount();
        Errors.expect(post(VALID.replace("\"EUR\"", "\"USD\"")), 400, "FormatError")
                .body("error_message", equalTo("instructedAmount.currency must be EUR: a SEPA credit transfer is in euro"));
        Errors.expect(post(VALID.replace("\"EUR\", \"amount\": \"12.30\"",
                "\"BHD\", \"amount\": \"1.001\"")), 400, "FormatError");
        Errors.expect(post(VALID.replace("\"iban\": \"" + Payments.CREDITOR_IBAN + "\"", "\"bban\": \"0532013000\"")),
                400, "FormatError").body("error_message", startsWith("creditorAccount.iban is required"));
        assertEquals(before, db.paymentCount());
    }
}
