package eu.xs2a.payment.support;

import static io.restassured.RestAssured.given;

import io.restassured.response.Response;
import org.eclipse.microprofile.config.ConfigProvider;

/** The bank's own API (BANK-API.md), for tests that check what the bank holds. */
public final class BankApi {

    private BankApi() {
    }

    private static String url() {
        return ConfigProvider.getConfig().getValue(BankSandboxResource.BANK_URL, String.class);
    }

    private static String credential() {
        return ConfigProvider.getConfig().getValue("psd2.providers.sandbox.bank-credential", String.class);
    }

    public static Response payment(String bankPaymentId) {
        return given().config(Tpps.RAW).header("Authorization", "Bearer " + credential())
                .get(url() + "/bank/v1/payments/" + bankPaymentId);
    }

    /**
     * Submits a payment with the given idempotency key: 200 and the existing bank payment if the bank already has
     * one under that key, 201 if this call created it.
     */
    public static Response submitWithKey(String idempotencyKey) {
        String order = """
                {"idempotencyKey": "%s", "paymentProduct": "sepa-credit-transfers", "tppId": "PSDDE-BAFIN-801111",
                 "tppName": "Alpha Payments", "creditorName": "Merchant GmbH",
                 "creditorAccount": {"iban": "%s"}, "instructedAmount": {"currency": "EUR", "amount": "1.00"},
                 "returnUrl": "http://localhost:8080/cb"}
                """.formatted(idempotencyKey, Payments.CREDITOR_IBAN);
        return given().config(Tpps.RAW).header("Authorization", "Bearer " + credential())
                .contentType("application/json").body(order).post(url() + "/bank/v1/payments");
    }
}
