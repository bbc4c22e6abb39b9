package eu.xs2a.sandbox;

import static eu.xs2a.sandbox.Bank.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * TPP-Rejection-NoFunds-Preferred false (BANK-API.md "Waiting for funds"): psu-poor's account holds nothing, so a
 * payment from it waits for funds at its authorisation (ACTC) instead of being rejected, goes on once a credit covers
 * it, and is rejected AM04 once its wait is over. The profile of {@link StandingOrderTest} lets the clock move.
 */
@QuarkusTest
@TestProfile(StandingOrderTest.ClockControl.class)
class FundsWaitTest {

    @AfterEach
    void resetTheBanksClock() {
        api().delete("/bank/v1/clock").then().statusCode(200);
    }

    private static String status(String bankPaymentId) {
        return Bank.getPayment(bankPaymentId).path("transactionStatus");
    }

    /** A payment of psu-poor's, authorised by psu-poor; its TPP's preference as given (null: not sent). */
    private static String authorisedPoorPayment(String amount, Boolean rejectionNoFundsPreferred) {
        Map<String, Object> order = Bank.payment(Bank.POOR_MAIN, amount);
        if (rejectionNoFundsPreferred != null) {
            order.put("rejectionNoFundsPreferred", rejectionNoFundsPreferred);
        }
        Response created = Bank.submitPayment(order);
        PsuBrowser.approve(created.path("scaUrl"), "psu-poor");
        return created.path("bankPaymentId");
    }

    @Test
    void aPaymentThatMayWaitForFundsGoesOnOnceACreditCoversIt() {
        String waiting = authorisedPoorPayment("40.00", false);
        Bank.getPayment(waiting).then().body("transactionStatus", equalTo("ACTC"))
                .body("fundsAvailable", equalTo(false)).body("rejectionNoFundsPreferred", equalTo(false))
                .body("awaitsFundsUntil", notNullValue()).body("statusReason", nullValue());

        // psu1 pays psu-poor exactly that much: once settled, the credit covers the waiting payment
        Map<String, Object> credit = Bank.payment(Bank.PSU1_MAIN, "40.00");
        credit.put("creditorName", "Paula Pleite");
        credit.put("creditorAccount", Map.of("iban", Bank.POOR_MAIN));
        Response creditPayment = Bank.submitPayment(credit);
        PsuBrowser.approve(creditPayment.path("scaUrl"), "psu1");

        Bank.eventually(() -> "ACSC".equals(status(waiting)), "the waiting payment accepted, then settled");
        Bank.getPayment(waiting).then().body("fundsAvailable", equalTo(true)).body("awaitsFundsUntil", nullValue());
        String consent = Bank.validConsent(Bank.allPsd2(), "psu-poor");
        assertEquals(0, BigDecimal.ZERO.compareTo(new BigDecimal(Bank.balance(consent, "psu-poor-main",
                "interimAvailable"))), "the credit went to the waiting payment");
    }

    @Test
    void aPaymentStillShortWhenItsWaitIsOverIsRejectedAndOthersAtOnce() {
        String waiting = authorisedPoorPayment("15.00", false);
        assertEquals("ACTC", status(waiting));
        String rejectedAtOnce = authorisedPoorPayment("15.00", true);
        Bank.getPayment(rejectedAtOnce).then().body("transactionStatus", equalTo("RJCT"))
                .body("statusReason", equalTo("AM04")).body("awaitsFundsUntil", nullValue());
        String bankDecides = authorisedPoorPayment("15.00", null);
        Bank.getPayment(bankDecides).then().body("transactionStatus", equalTo("RJCT"))
                .body("statusReason", equalTo("AM04"));

        // the wait (sandbox.funds-wait, 4 h) is over a day later
        String today = api().get("/bank/v1/clock").then().statusCode(200).extract().path("today");
        api().body(Map.of("today", java.time.LocalDate.parse(today).plusDays(1).toString())).put("/bank/v1/clock")
                .then().statusCode(200);
        Bank.eventually(() -> "RJCT".equals(status(waiting)), "rejected once the wait is over");
        Bank.getPayment(waiting).then().body("statusReason", equalTo("AM04")).body("fundsAvailable", equalTo(false))
                .body("awaitsFundsUntil", nullValue());
    }
}
