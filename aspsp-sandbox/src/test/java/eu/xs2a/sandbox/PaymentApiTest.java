package eu.xs2a.sandbox;

import static eu.xs2a.sandbox.Bank.api;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.math.BigDecimal;
import java.net.URI;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

@QuarkusTest
class PaymentApiTest {

    private static String status(String paymentId) {
        return Bank.getPayment(paymentId).path("transactionStatus");
    }

    /** A payment the PSU approved and the bank accepted (ACSP), dated days ahead so that settlement leaves it alone. */
    private static String acceptedPayment(String debtorIban, String amount, String psu, int daysAhead) {
        Map<String, Object> order = Bank.payment(debtorIban, amount);
        order.put("requestedExecutionDate", Bank.today().plusDays(daysAhead).toString());
        Response created = Bank.submitPayment(order);
        PsuBrowser.approve(created.path("scaUrl"), psu);
        String id = created.path("bankPaymentId");
        assertEquals("ACSP", status(id));
        return id;
    }

    @Test
    void anApprovedPaymentIsAcceptedThenSettledBookedAndLowersTheBalances() {
        String consent = Bank.validConsent(Bank.allPsd2(), "psu1");
        BigDecimal bookedBefore = new BigDecimal(Bank.balance(consent, "psu1-business", "closingBooked"));
        BigDecimal availableBefore = new BigDecimal(Bank.balance(consent, "psu1-business", "interimAvailable"));
        BigDecimal interimBookedBefore = new BigDecimal(Bank.balance(consent, "psu1-business", "interimBooked"));
        BigDecimal forwardBefore = new BigDecimal(Bank.balance(consent, "psu1-business", "forwardAvailable"));

        Map<String, Object> order = Bank.payment(Bank.PSU1_BUSINESS, "123.45");
        Response created = Bank.submitPayment(order);
        String id = created.path("bankPaymentId");
        assertEquals("RCVD", created.path("transactionStatus"));
        Bank.getPayment(id).then().body("scaStatus", equalTo("received")).body("debtorAccount.iban", equalTo(Bank.PSU1_BUSINESS));

        PsuBrowser browser = PsuBrowser.open(created.path("scaUrl"));
        browser.login("psu1", "sandbox").then().statusCode(303);
        Bank.getPayment(id).then().body("scaStatus", equalTo("psuIdentified"));
        browser.get("decision").then().statusCode(200).body(containsString("123.45")).body(containsString("Max Creditor"))
                .body(containsString(Bank.FOREIGN)).body(containsString("Beta Payments"));
        // the payment names its debtor: another account posted with the decision (no page offers one) changes nothing
        browser.decide("approve", Bank.PSU1_MAIN).then().statusCode(303);
        Bank.getPayment(id).then().body("scaStatus", equalTo("started")).body("transactionStatus", equalTo("RCVD"));
        browser.otp("123456").then().statusCode(303).header("Location", equalTo(order.get("returnUrl")));

        Response accepted = Bank.getPayment(id);
        assertEquals(Bank.PSU1_BUSINESS, accepted.path("debtorAccount.iban"));
        assertTrue(List.of("ACSP", "ACSC").contains(accepted.<String>path("transactionStatus")), accepted.asString());
        assertEquals("finalised", accepted.path("scaStatus"));
        assertEquals(Boolean.TRUE, accepted.path("fundsAvailable"));
        Bank.eventually(() -> "ACSC".equals(status(id)), "payment settled");

        assertEquals(bookedBefore.subtract(new BigDecimal("123.45")), new BigDecimal(Bank.balance(consent, "psu1-business", "closingBooked")));
        assertEquals(availableBefore.subtract(new BigDecimal("123.45")), new BigDecimal(Bank.balance(consent, "psu1-business", "interimAvailable")));
        // every booked balance, and every available one, moves with it
        assertEquals(interimBookedBefore.subtract(new BigDecimal("123.45")), new BigDecimal(Bank.balance(consent, "psu1-business", "interimBooked")));
        assertEquals(forwardBefore.subtract(new BigDecimal("123.45")), new BigDecimal(Bank.balance(consent, "psu1-business", "forwardAvailable")));
        List<Map<String, Object>> booked = api().get("/bank/v1/consents/" + consent + "/accounts/psu1-business/transactions?bookingStatus=booked&size=5")
                .then().statusCode(200).extract().path("transactions");
        Map<String, Object> tx = booked.stream().filter(t -> t.get("endToEndId").equals(order.get("endToEndIdentification"))).findFirst()
                .orElseThrow(() -> new AssertionError("no booked transaction for the payment in " + booked));
        assertEquals("-123.45", ((Map<?, ?>) tx.get("transactionAmount")).get("amount"));
        assertEquals(Bank.today().toString(), tx.get("bookingDate"));
        assertEquals("Max Creditor", tx.get("creditorName"));
        assertEquals("Invoice 42", tx.get("remittanceInformationUnstructured"));
    }

    @Test
    void thePsuPicksTheDebtorAccountWhenThePaymentNamesNone() {
        Response created = Bank.submitPayment(Bank.payment(null, "1.00"));
        PsuBrowser browser = PsuBrowser.open(created.path("scaUrl"));
        browser.login("psu1", "sandbox");
        browser.get("decision").then().body(containsString("name=\"debtorAccount\"")).body(containsString(Bank.PSU1_SAVINGS));
        browser.decide("approve").then().statusCode(200).body(containsString("choose the account"));
        browser.decide("approve", Bank.POOR_MAIN).then().statusCode(200).body(containsString("choose the account"));
        browser.decide("approve", Bank.PSU1_SAVINGS).then().statusCode(303);
        browser.otp("123456").then().statusCode(303);
        Bank.getPayment(created.path("bankPaymentId")).then().body("debtorAccount.iban", equalTo(Bank.PSU1_SAVINGS))
                .body("scaStatus", equalTo("finalised"));
    }

    @Test
    void insufficientFundsBlockedAccountsDenialAndFailedScaAreRejectedWithAReason() {
        Response poor = Bank.submitPayment(Bank.payment(Bank.POOR_MAIN, "5.00"));
        PsuBrowser.approve(poor.path("scaUrl"), "psu-poor");
        Bank.getPayment(poor.path("bankPaymentId")).then().body("transactionStatus", equalTo("RJCT"))
                .body("statusReason", equalTo("AM04")).body("fundsAvailable", equalTo(false)).body("scaStatus", equalTo("finalised"));

        Response blocked = Bank.submitPayment(Bank.payment(Bank.BLOCKED_MAIN, "5.00"));
        PsuBrowser.approve(blocked.path("scaUrl"), "psu-blocked");
        Bank.getPayment(blocked.path("bankPaymentId")).then().body("transactionStatus", equalTo("RJCT")).body("statusReason", equalTo("AC06"));

        Response denied = Bank.submitPayment(Bank.payment(Bank.PSU1_MAIN, "5.00"));
        PsuBrowser browser = PsuBrowser.open(denied.path("scaUrl"));
        browser.login("psu1", "sandbox");
        browser.decide("deny").then().statusCode(303).header("Location", startsWith(Bank.RETURN_URL));
        Bank.getPayment(denied.path("bankPaymentId")).then().body("transactionStatus", equalTo("RJCT"))
                .body("statusReason", equalTo("DS02")).body("scaStatus", equalTo("failed"));

        Response failing = Bank.submitPayment(Bank.payment(Bank.FAIL_MAIN, "5.00"));
        PsuBrowser.approve(failing.path("scaUrl"), "psu-fail").then().statusCode(303);
        Bank.getPayment(failing.path("bankPaymentId")).then().body("transactionStatus", equalTo("RJCT"))
                .body("statusReason", equalTo("DS0D")).body("scaStatus", equalTo("failed"));

        Response notHis = Bank.submitPayment(Bank.payment(Bank.PSU1_MAIN, "5.00"));
        PsuBrowser.open(notHis.path("scaUrl")).login("psu-poor", "sandbox").then().statusCode(303);
        Bank.getPayment(notHis.path("bankPaymentId")).then().body("transactionStatus", equalTo("RJCT")).body("statusReason", equalTo("AC01"));
    }

    @Test
    void theSameIdempotencyKeyNeverMakesASecondPayment() {
        Map<String, Object> order = Bank.payment(Bank.PSU1_MAIN, "2.00");
        Response first = Bank.submitPayment(order);
        Response again = api().body(order).post("/bank/v1/payments").then().statusCode(200).extract().response();
        assertEquals(first.<String>path("bankPaymentId"), again.path("bankPaymentId"));
        assertEquals(first.<String>path("scaUrl"), again.path("scaUrl"));
        assertEquals("RCVD", again.path("transactionStatus"));
    }

    @Test
    void aPaymentIsFoundByItsIdempotencyKeyAndAnUnusedKeyFindsNone() {
        Map<String, Object> order = Bank.payment(Bank.PSU1_MAIN, "2.50");
        String id = Bank.submitPayment(order).path("bankPaymentId");
        api().queryParam("idempotencyKey", order.get("idempotencyKey")).get("/bank/v1/payments").then().statusCode(200)
                .body("payments.size()", equalTo(1))
                .body("payments[0].bankPaymentId", equalTo(id))
                .body("payments[0].transactionStatus", equalTo("RCVD"))
                .body("payments[0].instructedAmount.amount", equalTo("2.50"));
        api().queryParam("idempotencyKey", "never-" + UUID.randomUUID()).get("/bank/v1/payments").then().statusCode(200)
                .body("payments.size()", equalTo(0));
        api().get("/bank/v1/payments").then().statusCode(400).body("message", containsString("idempotencyKey"));
        given().queryParam("idempotencyKey", order.get("idempotencyKey")).get("/bank/v1/payments").then().statusCode(401);
    }

    @Test
    void aPaymentNotYetAuthorisedIsCancelledAtOnce() {
        Response created = Bank.submitPayment(Bank.payment(Bank.PSU1_MAIN, "3.00"));
        String id = created.path("bankPaymentId");
        api().body(Map.of("returnUrl", Bank.RETURN_URL)).post("/bank/v1/payments/" + id + "/cancellations").then().statusCode(200)
                .body("transactionStatus", equalTo("CANC")).body("scaUrl", nullValue());
        Bank.getPayment(id).then().body("transactionStatus", equalTo("CANC"));
        io.restassured.RestAssured.given().get(java.net.URI.create(created.path("scaUrl")).getPath()).then().statusCode(410);
        api().body(Map.of("returnUrl", Bank.RETURN_URL)).post("/bank/v1/payments/" + id + "/cancellations").then().statusCode(409)
                .body("code", equalTo("CANCELLATION_INVALID"));
    }

    @Test
    void anAcceptedPaymentIsCancelledOnlyAfterThePsuAuthorisesAndReleasesTheReservation() {
        String consent = Bank.validConsent(Bank.allPsd2(), "psu1");
        BigDecimal availableBefore = new BigDecimal(Bank.balance(consent, "psu1-savings", "interimAvailable"));
        String id = acceptedPayment(Bank.PSU1_SAVINGS, "40.00", "psu1", 7);
        assertEquals(availableBefore.subtract(new BigDecimal("40.00")), new BigDecimal(Bank.balance(consent, "psu1-savings", "interimAvailable")));

        String cancelReturn = Bank.RETURN_URL + "cancel";
        Response cancellation = api().body(Map.of("returnUrl", cancelReturn)).post("/bank/v1/payments/" + id + "/cancellations")
                .then().statusCode(200).body("transactionStatus", equalTo("ACSP")).body("scaStatus", equalTo("received"))
                .extract().response();
        Bank.getPayment(id).then().body("cancellation.scaStatus", equalTo("received"));

        PsuBrowser browser = PsuBrowser.open(cancellation.path("scaUrl"));
        browser.login("psu1", "sandbox").then().statusCode(303);
        browser.get("decision").then().body(containsString("Cancel"));
        browser.decide("approve");
        browser.otp("123456").then().statusCode(303).header("Location", equalTo(cancelReturn));
        Bank.getPayment(id).then().body("transactionStatus", equalTo("CANC")).body("cancellation.scaStatus", equalTo("finalised"));
        assertEquals(availableBefore, new BigDecimal(Bank.balance(consent, "psu1-savings", "interimAvailable")));
    }

    /**
     * psu-slow's calls sleep while they hold the payment, so two cancellations sent together overlap for seconds:
     * the second waits for the first (before, both read one version of the row and the later write failed with a
     * 500). Only the newest cancellation link still opens, as the gateway only follows the newest authorisation.
     */
    @Test
    void twoCancellationsAtOnceBothAnswerAndOnlyTheNewestLinkOpens() throws Exception {
        String id = acceptedPayment(Bank.SLOW_MAIN, "2.00", "psu-slow", 5);

        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Callable<Response> cancel = () -> api().body(Map.of("returnUrl", Bank.RETURN_URL))
                    .post("/bank/v1/payments/" + id + "/cancellations");
            List<Future<Response>> answers = threads.invokeAll(List.of(cancel, cancel));
            List<String> links = new ArrayList<>();
            for (Future<Response> answer : answers) {
                Response response = answer.get();
                assertEquals(200, response.statusCode(), response.asString());
                assertEquals("received", response.path("scaStatus"));
                links.add(URI.create(response.path("scaUrl")).getPath());
            }
            List<Response> pages = links.stream().map(link -> given().redirects().follow(false).get(link)).toList();
            assertEquals(List.of(200, 410), pages.stream().map(Response::statusCode).sorted().toList());
            Response replaced = pages.stream().filter(page -> page.statusCode() == 410).findFirst().orElseThrow();
            assertTrue(replaced.asString().contains("This link was replaced"), replaced.asString());
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aSettledPaymentCannotBeCancelledAndARefusedCancellationLeavesThePaymentAlone() {
        String id = acceptedPayment(Bank.PSU1_MAIN, "1.50", "psu1", 3);
        String scaUrl = api().body(Map.of("returnUrl", Bank.RETURN_URL)).post("/bank/v1/payments/" + id + "/cancellations")
                .then().statusCode(200).extract().path("scaUrl");
        PsuBrowser browser = PsuBrowser.open(scaUrl);
        browser.login("psu1", "sandbox");
        browser.decide("deny").then().statusCode(303);
        Bank.getPayment(id).then().body("transactionStatus", equalTo("ACSP")).body("cancellation.scaStatus", equalTo("failed"));

        Response settled = Bank.submitPayment(Bank.payment(Bank.PSU1_MAIN, "1.25"));
        PsuBrowser.approve(settled.path("scaUrl"), "psu1");
        Bank.eventually(() -> "ACSC".equals(status(settled.path("bankPaymentId"))), "payment settled");
        api().body(Map.of("returnUrl", Bank.RETURN_URL)).post("/bank/v1/payments/" + settled.path("bankPaymentId") + "/cancellations")
                .then().statusCode(409).body("code", equalTo("CANCELLATION_INVALID"));
    }

    @Test
    void theLongestTppIdAndNameTheGatewayAcceptsAreTaken() {
        Map<String, Object> order = Bank.payment(Bank.PSU1_BUSINESS, "1.00");
        order.put("tppId", "PSDDE-BAFIN-" + "8".repeat(Bank.LONGEST_TPP_ID - 12));
        order.put("tppName", "P".repeat(Bank.LONGEST_TPP_NAME));
        String id = Bank.submitPayment(order).path("bankPaymentId");
        assertEquals("RCVD", status(id));

        Map<String, Object> longer = Bank.payment(Bank.PSU1_BUSINESS, "1.00");
        longer.put("tppName", "P".repeat(Bank.LONGEST_TPP_NAME + 1));
        api().body(longer).post("/bank/v1/payments").then().statusCode(400).body("code", equalTo("FORMAT_ERROR"))
                .body("message", equalTo("tppName is longer than 255 characters"));
    }

    @Test
    void badPaymentsAre400AndUnknownIds404() {
        Map<String, Object> badIban = Bank.payment(Bank.PSU1_MAIN, "1.00");
        badIban.put("creditorAccount", Map.of("iban", "DE00000000000000000000"));
        api().body(badIban).post("/bank/v1/payments").then().statusCode(400).body("code", equalTo("FORMAT_ERROR"));
        Map<String, Object> badAmount = Bank.payment(Bank.PSU1_MAIN, "-1.00");
        api().body(badAmount).post("/bank/v1/payments").then().statusCode(400);
        Map<String, Object> threeDecimals = Bank.payment(Bank.PSU1_MAIN, "1.001");
        api().body(threeDecimals).post("/bank/v1/payments").then().statusCode(400);
        Map<String, Object> product = Bank.payment(Bank.PSU1_MAIN, "1.00");
        product.put("paymentProduct", "pain.001-sepa-credit-transfers-xyz");
        api().body(product).post("/bank/v1/payments").then().statusCode(400).body("message", containsString("paymentProduct"));
        Map<String, Object> noKey = Bank.payment(Bank.PSU1_MAIN, "1.00");
        noKey.remove("idempotencyKey");
        api().body(noKey).post("/bank/v1/payments").then().statusCode(400).body("message", containsString("idempotencyKey"));
        api().get("/bank/v1/payments/BP-unknown").then().statusCode(404).body("code", equalTo("PAYMENT_UNKNOWN"));
        api().body(Map.of()).post("/bank/v1/payments/BP-unknown/cancellations").then().statusCode(404);
    }

    /** Verification of Payee: the creditor name against the holder of an IBAN of this bank, else not possible. */
    @Test
    void aSepaPaymentCarriesTheVerificationOfItsPayee() {
        assertPayeeCheck("Erika Mustermann", Bank.PSU1_MAIN, "MTCH", null);
        assertPayeeCheck("Erika Musterman", Bank.PSU1_MAIN, "CMTC", "Erika Mustermann");
        assertPayeeCheck("Max Mustermann", Bank.PSU1_MAIN, "NMTC", null);
        assertPayeeCheck("Max Creditor", Bank.FOREIGN, "NOAP", null);

        Map<String, Object> target2 = payee("Max Mustermann", Bank.PSU1_MAIN);
        target2.put("paymentProduct", "target-2-payments");
        Response created = Bank.submitPayment(target2);
        created.then().body("payeeVerification", nullValue());
        Bank.getPayment(created.path("bankPaymentId")).then().body("payeeVerification", nullValue());
    }

    private static Map<String, Object> payee(String creditorName, String creditorIban) {
        Map<String, Object> order = Bank.payment(Bank.PSU1_BUSINESS, "1.00");
        order.put("creditorName", creditorName);
        order.put("creditorAccount", Map.of("iban", creditorIban));
        return order;
    }

    private static void assertPayeeCheck(String creditorName, String creditorIban, String result, String matchedName) {
        Response created = Bank.submitPayment(payee(creditorName, creditorIban));
        created.then().body("payeeVerification.result", equalTo(result))
                .body("payeeVerification.matchedName", equalTo(matchedName));
        Bank.getPayment(created.path("bankPaymentId")).then().body("payeeVerification.result", equalTo(result))
                .body("payeeVerification.matchedName", equalTo(matchedName));
    }

    /** A cross-border credit transfer in dollars is debited in euro at the bank's rate and booked as XBCT. */
    @Test
    void aCrossBorderTransferInDollarsIsDebitedInEuroAtTheBanksRate() {
        String consent = Bank.validConsent(Bank.allPsd2(), "psu1");
        BigDecimal bookedBefore = new BigDecimal(Bank.balance(consent, "psu1-business", "closingBooked"));
        Map<String, Object> order = crossBorder("USD", "250.00");
        Response created = Bank.submitPayment(order);
        created.then().body("payeeVerification", nullValue());
        String id = created.path("bankPaymentId");
        PsuBrowser.approve(created.path("scaUrl"), "psu1");
        Bank.eventually(() -> "ACSC".equals(status(id)), "payment settled");

        BigDecimal debit = new BigDecimal("230.41"); // 250.00 / 1.0850, to the cent
        assertEquals(bookedBefore.subtract(debit), new BigDecimal(Bank.balance(consent, "psu1-business", "closingBooked")));
        List<Map<String, Object>> booked = api().get("/bank/v1/consents/" + consent
                        + "/accounts/psu1-business/transactions?bookingStatus=booked&size=5")
                .then().statusCode(200).extract().path("transactions");
        Map<String, Object> tx = booked.stream().filter(t -> t.get("endToEndId").equals(order.get("endToEndIdentification")))
                .findFirst().orElseThrow(() -> new AssertionError("no booked transaction for the payment in " + booked));
        assertEquals(Map.of("currency", "EUR", "amount", "-230.41"), tx.get("transactionAmount"));
        assertEquals("PMNT-ICDT-XBCT", tx.get("bankTransactionCode"));
    }

    @Test
    void aForeignCurrencyWithoutARateIsRejectedAndOtherProductsStayInEuro() {
        Response created = Bank.submitPayment(crossBorder("AUD", "10.00"));
        PsuBrowser.approve(created.path("scaUrl"), "psu1");
        Bank.getPayment(created.path("bankPaymentId")).then().body("transactionStatus", equalTo("RJCT"))
                .body("statusReason", equalTo("AM03"));

        Bank.submitPayment(crossBorder("JPY", "1000"));
        api().body(crossBorder("JPY", "1000.5")).post("/bank/v1/payments").then().statusCode(400)
                .body("message", containsString("at most 0 decimals in JPY"));
        api().body(crossBorder("BHD", "1.000")).post("/bank/v1/payments").then().statusCode(400)
                .body("message", containsString("3 decimals"));
        Map<String, Object> noAgent = crossBorder("USD", "1.00");
        noAgent.remove("creditorAgent");
        api().body(noAgent).post("/bank/v1/payments").then().statusCode(400).body("message", containsString("creditorAgent"));
        for (String product : List.of("sepa-credit-transfers", "instant-sepa-credit-transfers", "target-2-payments")) {
            Map<String, Object> dollars = crossBorder("USD", "1.00");
            dollars.put("paymentProduct", product);
            api().body(dollars).post("/bank/v1/payments").then().statusCode(400)
                    .body("message", equalTo(product + " is in EUR only, not USD"));
        }
    }

    private static Map<String, Object> crossBorder(String currency, String amount) {
        Map<String, Object> order = Bank.payment(Bank.PSU1_BUSINESS, amount);
        order.put("paymentProduct", "cross-border-credit-transfers");
        order.put("instructedAmount", Map.of("currency", currency, "amount", amount));
        order.put("creditorAccount", Map.of("iban", "GB29NWBK60161331926819"));
        order.put("creditorAgent", "NWBKGB2LXXX");
        return order;
    }
}
