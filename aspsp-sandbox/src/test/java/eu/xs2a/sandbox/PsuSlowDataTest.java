package eu.xs2a.sandbox;

import static eu.xs2a.sandbox.Bank.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.isOneOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.config.HttpClientConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * psu-slow-data: its consents, SCA, payments and funds checks answer at once, its account data (account list,
 * balances, transactions) only after sandbox.slow-delay, longer than the gateway's read timeout. A client that gives
 * up after one second (the gateway's read timeout is 3 s, the test profile's delay 3.5 s) tells the two apart.
 */
@QuarkusTest
class PsuSlowDataTest {

    static final String SLOW_DATA_MAIN = "DE54100200300700000017";
    private static final String ACCOUNT = "psu-slow-data-main";

    private static final RestAssuredConfig ONE_SECOND = RestAssuredConfig.config().httpClient(
            HttpClientConfig.httpClientConfig().setParam("http.socket.timeout", 1000));

    /** An AIS consent psu-slow-data approved, every call of it answered within a second. */
    private static String approvedConsent() {
        Response created = api().config(ONE_SECOND).body(Bank.aisConsent(Bank.allPsd2(), null))
                .post("/bank/v1/consents").then().statusCode(201).extract().response();
        PsuBrowser.approve(created.path("scaUrl"), "psu-slow-data");
        String id = created.path("bankConsentId");
        api().config(ONE_SECOND).get("/bank/v1/consents/" + id).then().statusCode(200)
                .body("status", equalTo("valid"));
        return id;
    }

    @Test
    void itsConsentsPaymentsAndFundsChecksAnswerAtOnce() {
        approvedConsent();
        Response payment = api().config(ONE_SECOND).body(Bank.payment(SLOW_DATA_MAIN, "3.00"))
                .post("/bank/v1/payments").then().statusCode(201).extract().response();
        PsuBrowser.approve(payment.path("scaUrl"), "psu-slow-data");
        api().config(ONE_SECOND).get("/bank/v1/payments/" + payment.path("bankPaymentId")).then().statusCode(200)
                .body("transactionStatus", isOneOf("ACSP", "ACSC"));
        api().config(ONE_SECOND).body(Map.of("account", Bank.ref(SLOW_DATA_MAIN),
                        "instructedAmount", Map.of("currency", "EUR", "amount", "1.00")))
                .post("/bank/v1/funds-checks").then().statusCode(200).body("fundsAvailable", equalTo(true));
    }

    @Test
    void itsAccountDataAnswersOnlyAfterTheGatewaysReadTimeout() {
        String consent = approvedConsent();
        String accounts = "/bank/v1/consents/" + consent + "/accounts";
        for (String path : new String[] {accounts, accounts + "/" + ACCOUNT + "/balances",
                accounts + "/" + ACCOUNT + "/transactions"}) {
            assertThrows(Exception.class, () -> api().config(ONE_SECOND).get(path), path);
        }
        // psu1's data is not slowed down
        String fast = Bank.validConsent(Bank.allPsd2(), "psu1");
        api().config(ONE_SECOND).get("/bank/v1/consents/" + fast + "/accounts").then().statusCode(200);
        // and psu-slow-data's data does come, later: the account its migration seeded, with its balances and history
        api().get(accounts).then().statusCode(200).body("accounts[0].iban", equalTo(SLOW_DATA_MAIN))
                .body("accounts[0].bankAccountId", equalTo(ACCOUNT));
        api().get(accounts + "/" + ACCOUNT + "/balances").then().statusCode(200)
                .body("balances.find { it.balanceType == 'interimAvailable' }.balanceAmount.amount",
                        equalTo("1757.50"));
        api().get(accounts + "/" + ACCOUNT + "/transactions").then().statusCode(200)
                .body("totalElements", equalTo(2));
    }
}
