package eu.xs2a.sandbox;

import static eu.xs2a.sandbox.Bank.api;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.math.BigDecimal;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Standing orders (BANK-API.md "Standing orders"): accepted after SCA, each occurrence executed on its day as a
 * booked transaction of the debtor account, on the bank's clock that the test moves ({@code sandbox.clock-control},
 * in an application of its own so that no other test sees the moved clock); shown in the PSU's online banking.
 */
@QuarkusTest
@TestProfile(StandingOrderTest.ClockControl.class)
class StandingOrderTest {

    public static class ClockControl implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("sandbox.clock-control", "true");
        }
    }

    private static LocalDate bankToday() {
        return LocalDate.parse(api().get("/bank/v1/clock").then().statusCode(200).extract().path("today"));
    }

    private static void moveClockTo(LocalDate day) {
        api().body(Map.of("today", day.toString())).put("/bank/v1/clock").then().statusCode(200)
                .body("today", equalTo(day.toString()));
    }

    /** The first Monday after the bank's date: a working day, so the occurrence's day is its nominal day. */
    private static LocalDate nextMonday() {
        return bankToday().with(TemporalAdjusters.next(DayOfWeek.MONDAY));
    }

    private static Map<String, Object> standingOrder(String amount, LocalDate start, LocalDate end) {
        Map<String, Object> order = Bank.payment(Bank.PSU1_BUSINESS, amount);
        Map<String, Object> terms = new HashMap<>();
        terms.put("startDate", start.toString());
        terms.put("endDate", end.toString());
        terms.put("executionRule", "following");
        terms.put("frequency", "Weekly");
        order.put("standingOrder", terms);
        return order;
    }

    private static String approved(Map<String, Object> order) {
        Response created = Bank.submitPayment(order);
        PsuBrowser.approve(created.path("scaUrl"), "psu1");
        String id = created.path("bankPaymentId");
        Bank.getPayment(id).then().body("transactionStatus", equalTo("ACSP"));
        return id;
    }

    private static int executions(String id) {
        return Bank.getPayment(id).path("standingOrder.executions");
    }

    private static List<Map<String, Object>> bookedOf(String consent, String orderId) {
        List<Map<String, Object>> all = api().get("/bank/v1/consents/" + consent + "/accounts/psu1-business/transactions")
                .then().statusCode(200).extract().path("transactions");
        return all.stream().filter(t -> String.valueOf(t.get("transactionId")).startsWith(orderId + "-")).toList();
    }

    @Test
    void eachOccurrenceIsBookedOnItsDayAndTheOrderEndsAfterTheLast() {
        LocalDate first = nextMonday();
        LocalDate second = first.plusWeeks(1);
        String consent = Bank.validConsent(Bank.allPsd2(), "psu1");
        BigDecimal bookedBefore = new BigDecimal(Bank.balance(consent, "psu1-business", "closingBooked"));
        String id = approved(standingOrder("12.50", first, second));
        Bank.getPayment(id).then().body("standingOrder.frequency", equalTo("Weekly"))
                .body("standingOrder.executions", equalTo(0))
                .body("standingOrder.nextExecutionDate", equalTo(first.toString()));
        // accepted, nothing reserved: a standing order's funds are checked on each occurrence's day
        assertEquals(List.of(), bookedOf(consent, id));

        moveClockTo(first);
        Bank.eventually(() -> executions(id) == 1, "the first occurrence executed");
        Bank.getPayment(id).then().body("transactionStatus", equalTo("ACSP"))
                .body("standingOrder.nextExecutionDate", equalTo(second.toString()));
        List<Map<String, Object>> booked = bookedOf(consent, id);
        assertEquals(1, booked.size(), booked.toString());
        assertEquals(first.toString(), booked.get(0).get("bookingDate"));
        assertEquals("-12.50", ((Map<?, ?>) booked.get(0).get("transactionAmount")).get("amount"));

        moveClockTo(second);
        Bank.eventually(() -> "ACSC".equals(Bank.getPayment(id).path("transactionStatus")), "the order ended");
        Bank.getPayment(id).then().body("standingOrder.executions", equalTo(2))
                .body("standingOrder.nextExecutionDate", nullValue());
        assertEquals(2, bookedOf(consent, id).size());
        assertEquals(bookedBefore.subtract(new BigDecimal("25.00")),
                new BigDecimal(Bank.balance(consent, "psu1-business", "closingBooked")));

        String session = Forms.given().formParam("username", "psu1").formParam("password", "sandbox")
                .post("/online-banking/login").then().statusCode(303).extract().cookie("SANDBOX_OB");
        given().cookie("SANDBOX_OB", session).get("/online-banking").then().statusCode(200)
                .body(containsString("standing-order-" + id)).body(containsString("executed 2 times"));
    }

    @Test
    void aCancellationEndsTheOrderCancelledBeforeAnyRanElseExecuted() {
        LocalDate monday = nextMonday();
        String untouched = approved(standingOrder("3.00", monday.plusWeeks(10), monday.plusWeeks(20)));
        String running = approved(standingOrder("4.00", monday, monday.plusWeeks(20)));

        String session = Forms.given().formParam("username", "psu1").formParam("password", "sandbox")
                .post("/online-banking/login").then().statusCode(303).extract().cookie("SANDBOX_OB");
        given().cookie("SANDBOX_OB", session).get("/online-banking").then().statusCode(200)
                .body(containsString("standing-order-" + untouched)).body(containsString("running"));

        moveClockTo(monday);
        Bank.eventually(() -> executions(running) == 1, "the first occurrence executed");
        cancel(untouched);
        cancel(running);
        Bank.getPayment(untouched).then().body("transactionStatus", equalTo("CANC"))
                .body("standingOrder.nextExecutionDate", nullValue());
        Bank.getPayment(running).then().body("transactionStatus", equalTo("ACSC"))
                .body("standingOrder.executions", equalTo(1)).body("standingOrder.nextExecutionDate", nullValue());
    }

    private static void cancel(String id) {
        Response answer = api().body(Map.of("returnUrl", Bank.RETURN_URL + "cancel"))
                .post("/bank/v1/payments/" + id + "/cancellations").then().statusCode(200).extract().response();
        PsuBrowser.approve(answer.path("scaUrl"), "psu1");
    }

    /**
     * BANK-API.md "Standing orders of an account": the running orders from a payment account, under a consent that
     * covers its transactions; an ended or cancelled order is no longer listed.
     */
    @Test
    void anAccountsRunningStandingOrdersAreListedUnderAConsentToItsTransactions() {
        LocalDate monday = nextMonday();
        String consent = Bank.validConsent(Bank.allPsd2(), "psu1");
        String running = approved(standingOrder("6.40", monday.plusWeeks(30), monday.plusWeeks(40)));
        String cancelled = approved(standingOrder("2.10", monday.plusWeeks(30), monday.plusWeeks(40)));
        cancel(cancelled);
        List<Map<String, Object>> orders = api().get("/bank/v1/consents/" + consent
                + "/accounts/psu1-business/standing-orders").then().statusCode(200).extract().path("standingOrders");
        List<Map<String, Object>> mine = orders.stream().filter(o -> running.equals(o.get("bankPaymentId"))).toList();
        assertEquals(1, mine.size(), orders.toString());
        Map<String, Object> order = mine.get(0);
        assertEquals("ACSP", order.get("transactionStatus"));
        assertEquals(Map.of("currency", "EUR", "amount", "6.40"), order.get("instructedAmount"));
        Map<?, ?> terms = (Map<?, ?>) order.get("standingOrder");
        assertEquals(monday.plusWeeks(30).toString(), terms.get("startDate"));
        assertEquals(monday.plusWeeks(40).toString(), terms.get("endDate"));
        assertEquals("Weekly", terms.get("frequency"));
        assertEquals("following", terms.get("executionRule"));
        assertEquals(monday.plusWeeks(30).toString(), terms.get("nextExecutionDate"));
        assertTrue(orders.stream().noneMatch(o -> cancelled.equals(o.get("bankPaymentId"))), orders.toString());
        // another account's orders are not this one's
        List<Map<String, Object>> main = api().get("/bank/v1/consents/" + consent
                + "/accounts/psu1-main/standing-orders").then().statusCode(200).extract().path("standingOrders");
        assertTrue(main.stream().noneMatch(o -> running.equals(o.get("bankPaymentId"))), main.toString());

        String balancesOnly = Bank.validConsent(Map.of("balances", List.of(Bank.ref(Bank.PSU1_BUSINESS))), "psu1");
        api().get("/bank/v1/consents/" + balancesOnly + "/accounts/psu1-business/standing-orders").then()
                .statusCode(422).body("code", equalTo("CONSENT_INVALID"));
        api().get("/bank/v1/consents/" + consent + "/accounts/psu1-card/standing-orders").then().statusCode(404)
                .body("code", equalTo("ACCOUNT_UNKNOWN"));
        api().get("/bank/v1/consents/BC-unknown/accounts/psu1-business/standing-orders").then().statusCode(404)
                .body("code", equalTo("CONSENT_UNKNOWN"));
    }

    @Test
    void termsThatBreakTheBanksRulesAreRefused() {
        LocalDate start = nextMonday();
        List<Map<String, Object>> wrong = List.of(
                Map.of("startDate", start.toString(), "endDate", start.minusDays(1).toString(), "frequency", "Weekly"),
                Map.of("startDate", start.toString(), "frequency", "Hourly"),
                Map.of("startDate", start.toString(), "frequency", "Monthly", "dayOfExecution", "32"),
                Map.of("startDate", start.toString(), "frequency", "Monthly", "dayOfExecution", "x"),
                Map.of("startDate", start.toString(), "frequency", "Monthly", "executionRule", "sideways"),
                Map.of("frequency", "Monthly"));
        for (Map<String, Object> terms : wrong) {
            Map<String, Object> order = Bank.payment(Bank.PSU1_BUSINESS, "1.00");
            order.put("standingOrder", terms);
            api().body(order).post("/bank/v1/payments").then().statusCode(400)
                    .body("message", containsString("standingOrder."));
        }
    }

    @Test
    void theClockOnlyMovesForward() {
        api().body(Map.of("today", bankToday().toString())).put("/bank/v1/clock").then().statusCode(400);
    }
}
