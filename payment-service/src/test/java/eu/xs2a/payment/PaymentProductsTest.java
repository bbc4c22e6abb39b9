package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.TPP_OK;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.initiate;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.payment.support.Await;
import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Sca;
import eu.xs2a.payment.support.Tpps;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.LocalDate;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

/**
 * The products beyond SEPA at the real sandbox bank: TARGET2 (euro to an IBAN), cross-border credit transfers (any
 * currency, the creditor's bank by BIC and its country), and the instant transfer's own rules (today only, the
 * provider's limit), each refused as FormatError naming the field before anything is created.
 */
@QuarkusTest
class PaymentProductsTest {

    private static final String TARGET2 = "target-2-payments";
    private static final String CROSS_BORDER = "cross-border-credit-transfers";
    private static final String INSTANT = "instant-sepa-credit-transfers";
    /** psu1's Geschäftskonto, in euro. */
    private static final String PSU1_BUSINESS = "DE48100200300100000029";

    private static String crossBorder(String currency, String amount, String agent) {
        return """
                {"debtorAccount": {"iban": "%s"}, "instructedAmount": {"currency": "%s", "amount": "%s"},
                 "creditorAccount": {"iban": "GB29NWBK60161331926819"}, "creditorName": "Example Ltd"%s,
                 "creditorAddress": {"townName": "London", "country": "GB"}, "endToEndIdentification": "XB-1"}
                """.formatted(PSU1_BUSINESS, currency, amount,
                agent == null ? "" : ", \"creditorAgent\": \"" + agent + "\"");
    }

    private static String euro(String amount, String executionDate) {
        return """
                {"debtorAccount": {"iban": "%s"}, "instructedAmount": {"currency": "EUR", "amount": "%s"},
                 "creditorAccount": {"iban": "%s"}, "creditorName": "Merchant GmbH"%s}
                """.formatted(PSU1_BUSINESS, amount, Payments.CREDITOR_IBAN,
                executionDate == null ? "" : ", \"requestedExecutionDate\": \"" + executionDate + "\"");
    }

    /** Initiated, approved by psu1 at the bank, and settled; answers the payment's path. */
    private static String paid(String product, String body) {
        Response created = initiate(ALPHA, "sandbox", product, headers(), body);
        created.then().statusCode(201);
        assertEquals(TPP_OK, Sca.approve(created.jsonPath().getString("_links.scaRedirect.href"), "psu1"));
        String self = created.jsonPath().getString("_links.self.href");
        Await.until(() -> Payments.status(self), "ACSC"::equals, product + " settled");
        return self;
    }

    @Test
    void aTarget2PaymentIsSettled() {
        paid(TARGET2, euro("1500.00", null));
        Errors.expect(initiate(ALPHA, "sandbox", TARGET2, headers(), euro("1.00", null).replace("EUR", "USD")), 400,
                "FormatError").body("error_message", equalTo("instructedAmount.currency must be EUR: a TARGET2 payment"
                + " is in euro"));
    }

    @Test
    void aCrossBorderTransferInDollarsIsSettledAndShowsTheCreditorsBank() {
        String self = paid(CROSS_BORDER, crossBorder("USD", "250.00", "NWBKGB2LXXX"));
        Tpps.get(ALPHA, self).then().statusCode(200)
                .body("instructedAmount.currency", equalTo("USD"))
                .body("instructedAmount.amount", equalTo("250.00"))
                .body("creditorAgent", equalTo("NWBKGB2LXXX"));
    }

    @Test
    void aCrossBorderTransferNeedsTheCreditorsBankAndCurrencyDecimals() {
        Errors.expect(initiate(ALPHA, "sandbox", CROSS_BORDER, headers(), crossBorder("USD", "1.00", null)), 400,
                "FormatError").body("error_message", equalTo("creditorAgent is required: a cross-border credit"
                + " transfer names the creditor's bank by BIC"));
        Errors.expect(initiate(ALPHA, "sandbox", CROSS_BORDER, headers(), crossBorder("USD", "1.00", "NOT A BIC")), 400,
                "FormatError");
        Errors.expect(initiate(ALPHA, "sandbox", CROSS_BORDER, headers(), crossBorder("JPY", "100.5", "MHCBJPJTXXX")),
                400, "FormatError");
        initiate(ALPHA, "sandbox", CROSS_BORDER, headers(), crossBorder("JPY", "100", "MHCBJPJTXXX")).then()
                .statusCode(201);
    }

    @Test
    void anInstantTransferIsForTodayWithinTheLimitAndSettledAtOnce() {
        paid(INSTANT, euro("2.00", null));
        String tomorrow = LocalDate.now(ZoneId.of("Europe/Berlin")).plusDays(1).toString();
        Errors.expect(initiate(ALPHA, "sandbox", INSTANT, headers(), euro("2.00", tomorrow)), 400, "FormatError")
                .body("error_code", equalTo("EXECUTION_DATE_INVALID"))
                .body("error_message", equalTo("requestedExecutionDate " + tomorrow + " is not today: an instant"
                        + " credit transfer is executed at once"));
        Errors.expect(initiate(ALPHA, "sandbox", INSTANT, headers(), euro("100000.01", null)), 400, "FormatError")
                .body("error_message", equalTo("instructedAmount.amount 100000.01 is above the provider's limit of"
                        + " 100000.00 EUR for an instant credit transfer"));
    }
}
