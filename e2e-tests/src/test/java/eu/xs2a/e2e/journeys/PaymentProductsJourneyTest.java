package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.CREDITOR;
import static eu.xs2a.e2e.support.BerlinGroup.P;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's products beyond SEPA through the whole stack: a cross-border credit transfer in US dollars to a
 * British bank and a TARGET2 payment, each authorised by psu1 in the browser and settled (ACSC), and an instant
 * credit transfer settled at once after approval; the reads show what was initiated, checked against the Berlin
 * Group file on the way (payment-service README "Endpoints").
 */
class PaymentProductsJourneyTest extends Journey {

    /** psu1's second current account (EUR), which holds enough for a TARGET2 payment. */
    private static final String PSU1_BUSINESS = "DE48100200300100000029";
    private static final String CROSS_BORDER = P + "/v1/payments/cross-border-credit-transfers";
    private static final String TARGET2 = P + "/v1/payments/target-2-payments";
    private static final String INSTANT = P + "/v1/payments/instant-sepa-credit-transfers";

    @Test
    void aCrossBorderPaymentInDollarsIsSettled() {
        Tpp tpp = newTpp("Dollar Pay", "PSP_PI");
        String payment = settled(tpp, CROSS_BORDER, """
                {"debtorAccount": {"iban": "%s"}, "instructedAmount": {"currency": "USD", "amount": "120.50"},
                 "creditorAccount": {"iban": "GB29NWBK60161331926819"}, "creditorName": "Example Ltd",
                 "creditorAgent": "NWBKGB2LXXX", "creditorAddress": {"townName": "London", "country": "GB"},
                 "endToEndIdentification": "E2E-XB-USD"}
                """.formatted(PSU1_BUSINESS));
        Response read = tpp.get(payment);
        assertStatus(200, read);
        assertEquals("USD", read.jsonPath().getString("instructedAmount.currency"), read.asString());
        assertEquals("120.50", read.jsonPath().getString("instructedAmount.amount"));
        assertEquals("NWBKGB2LXXX", read.jsonPath().getString("creditorAgent"));
        assertEquals("London", read.jsonPath().getString("creditorAddress.townName"));

        // a dollar amount has two decimals at most (ISO 4217), and the creditor's bank is named by BIC
        assertError(tpp.post(CROSS_BORDER, PaymentJourneyTest.paymentHeaders(redirectUri("paid"), null), """
                {"debtorAccount": {"iban": "%s"}, "instructedAmount": {"currency": "USD", "amount": "1.005"},
                 "creditorAccount": {"iban": "GB29NWBK60161331926819"}, "creditorName": "Example Ltd",
                 "creditorAgent": "NWBKGB2LXXX"}
                """.formatted(PSU1_BUSINESS)), 400, "FormatError", "FORMAT_ERROR");
    }

    @Test
    void aTarget2AndAnInstantPaymentAreSettled() {
        Tpp tpp = newTpp("Euro Systems Pay", "PSP_PI");
        settled(tpp, TARGET2, euro("1500.00", "E2E-T2"));
        settled(tpp, INSTANT, euro("2.50", "E2E-INST"));
    }

    /** Initiates, lets psu1 approve in the browser, and waits for the bank's ACSC; the payment's path. */
    private static String settled(Tpp tpp, String product, String body) {
        String ok = redirectUri("paid");
        Response created = tpp.post(product, PaymentJourneyTest.paymentHeaders(ok, null), body);
        assertStatus(201, created);
        String payment = product + "/" + created.jsonPath().getString("paymentId");
        assertEquals(ok, browser().approveAll(created.jsonPath().getString("_links.scaRedirect.href"), "psu1"));
        assertEquals("ACSC", Pain001JourneyTest.finalStatus(tpp, payment));
        return payment;
    }

    private static String euro(String amount, String endToEnd) {
        return """
                {"debtorAccount": {"iban": "%s"}, "instructedAmount": {"currency": "EUR", "amount": "%s"},
                 "creditorAccount": {"iban": "%s"}, "creditorName": "Merchant GmbH", "endToEndIdentification": "%s"}
                """.formatted(PSU1_BUSINESS, amount, CREDITOR, endToEnd);
    }
}
