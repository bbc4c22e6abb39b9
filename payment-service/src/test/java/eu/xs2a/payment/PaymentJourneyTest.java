package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.TPP_NOK;
import static eu.xs2a.payment.support.Payments.TPP_OK;
import static eu.xs2a.payment.support.Payments.body;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.initiate;
import static eu.xs2a.payment.support.Payments.status;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.domain.PaymentTasks;
import eu.xs2a.payment.support.Await;
import eu.xs2a.payment.support.BankApi;
import eu.xs2a.payment.support.BankBrowser;
import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.GatewayDb;
import io.agroal.api.AgroalDataSource;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Sca;
import eu.xs2a.payment.support.Tasks;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.task.RunResult;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Whole payments against the real aspsp-sandbox: initiation, the PSU's redirect SCA on the bank's pages, the
 * callback, and the bank's outcome (ACSC for psu1, RJCT for psu-poor and psu-blocked, RJCT when the PSU denies).
 */
@QuarkusTest
class PaymentJourneyTest {

    @Inject AgroalDataSource dataSource;
    @Inject Tasks tasks;

    private record Initiated(String self, String scaRedirect, String scaStatus) {
    }

    private static Initiated initiateRedirect(String amount) {
        Response response = initiate(ALPHA, "sandbox", SCT, headers(), body(amount));
        response.then().statusCode(201);
        JsonPath json = response.jsonPath();
        return new Initiated(json.getString("_links.self.href"), json.getString("_links.scaRedirect.href"),
                json.getString("_links.scaStatus.href"));
    }

    /**
     * A payment nobody authorised within the deadline (24 h) ends RJCT, its authorisation failed, its link spent:
     * a TPP polling for a final status gets one. One the PSU did authorise is left alone.
     */
    @Test
    void aPaymentNobodyAuthorisedInTimeIsRejected() {
        GatewayDb db = new GatewayDb(dataSource);
        Initiated abandoned = initiateRedirect("13.00");
        Initiated paid = initiateRedirect("14.00");
        assertEquals(TPP_OK, Sca.approve(paid.scaRedirect(), "psu1"));
        String abandonedId = Payments.id(abandoned.self());
        String paidId = Payments.id(paid.self());

        db.initiatedAgo(abandonedId, java.time.Duration.ofHours(25));
        db.initiatedAgo(paidId, java.time.Duration.ofHours(25));
        assertEquals(RunResult.DONE, tasks.pollStatus(abandonedId), "the status polling job checks it");
        assertEquals("RJCT", db.transactionStatus(abandonedId), "rejected at its deadline");
        assertEquals(RunResult.DONE, tasks.pollStatus(paidId), "and the authorised one");
        assertEquals("RJCT", status(abandoned.self()));
        Tpps.get(ALPHA, abandoned.scaStatus()).then().statusCode(200).body("scaStatus", equalTo("failed"));
        given().config(Tpps.RAW).get(Payments.local(abandoned.scaRedirect())).then().statusCode(404);

        String paidStatus = status(paid.self());
        assertTrue(paidStatus.equals("ACSP") || paidStatus.equals("ACSC"), "authorised, so not rejected: " + paidStatus);
    }

    @Test
    void psu1PaysAndTheBankSettlesToAcsc() {
        Initiated payment = initiateRedirect("25.00");
        Tpps.get(ALPHA, payment.scaStatus()).then().statusCode(200).body("scaStatus", equalTo("received"));

        assertEquals(TPP_OK, Sca.approve(payment.scaRedirect(), "psu1"));

        Tpps.get(ALPHA, payment.scaStatus()).then().statusCode(200).body("scaStatus", equalTo("finalised"));
        String afterSca = status(payment.self());
        assertTrue(afterSca.equals("ACSP") || afterSca.equals("ACSC"), "after SCA: " + afterSca);
        Await.until(() -> status(payment.self()), "ACSC"::equals, "settlement to ACSC");

        Response read = Tpps.get(ALPHA, payment.self());
        read.then().statusCode(200)
                .body("transactionStatus", equalTo("ACSC"))
                .body("instructedAmount.amount", equalTo("25.00"))
                .body("instructedAmount.currency", equalTo("EUR"))
                .body("creditorName", equalTo("Merchant GmbH"))
                .body("creditorAccount.iban", equalTo(Payments.CREDITOR_IBAN))
                .body("creditorAddress.country", equalTo("DE"))
                .body("remittanceInformationUnstructured", equalTo("Invoice 4711"))
                .body("endToEndIdentification", equalTo("E2E-4711"));
        // the PSU picked the debtor account at the bank: the payment now shows it
        assertTrue(read.jsonPath().getString("debtorAccount.iban").startsWith("DE"));
        Tpps.get(ALPHA, payment.self() + "/status").then().body("fundsAvailable", equalTo(true));
    }

    @Test
    void thePollingJobFollowsThePaymentWithoutAnyTppRead() {
        Initiated payment = initiateRedirect("6.00");
        String id = Payments.id(payment.self());
        // the callback itself asks the bank once; from then on only the job does
        assertEquals(TPP_OK, Sca.approve(payment.scaRedirect(), "psu1"));
        GatewayDb db = new GatewayDb(dataSource);
        Await.until(() -> {
            tasks.pollStatus(id);
            return db.transactionStatus(id);
        }, "ACSC"::equals, "the polling job to see ACSC");
    }

    @Test
    void psuPoorIsRejectedForInsufficientFunds() {
        Initiated payment = initiateRedirect("10.00");
        String back = Sca.approve(payment.scaRedirect(), "psu-poor");
        assertEquals("RJCT", Await.until(() -> status(payment.self()), s -> s.equals("RJCT"), "RJCT"));
        assertEquals(TPP_OK, back, "SCA itself succeeded; the bank rejected the payment afterwards");
        Tpps.get(ALPHA, payment.self() + "/status").then().body("fundsAvailable", equalTo(false));
    }

    /**
     * TPP-Rejection-NoFunds-Preferred false: the bank keeps psu-poor's payment waiting for funds (ACTC, funds not
     * available) instead of rejecting it; true is AM04 at once, as without the header.
     */
    @Test
    void aTppThatPrefersNoRejectionGetsAPaymentThatWaitsForFunds() {
        Response waiting = initiate(ALPHA, "sandbox", SCT, headers("TPP-Rejection-NoFunds-Preferred", "false"),
                body("11.00"));
        String self = waiting.then().statusCode(201).extract().path("_links.self.href");
        assertEquals(TPP_OK, Sca.approve(waiting.path("_links.scaRedirect.href"), "psu-poor"));
        Tpps.get(ALPHA, self + "/status").then().statusCode(200)
                .body("transactionStatus", equalTo("ACTC")).body("fundsAvailable", equalTo(false));
        BankApi.payment(new GatewayDb(dataSource).bankPaymentId(Payments.id(self))).then()
                .body("rejectionNoFundsPreferred", equalTo(false)).body("awaitsFundsUntil", notNullValue());

        Response refused = initiate(ALPHA, "sandbox", SCT, headers("TPP-Rejection-NoFunds-Preferred", "true"),
                body("11.00"));
        String refusedSelf = refused.then().statusCode(201).extract().path("_links.self.href");
        Sca.approve(refused.path("_links.scaRedirect.href"), "psu-poor");
        assertEquals("RJCT", Await.until(() -> status(refusedSelf), s -> s.equals("RJCT"), "RJCT"));
    }

    @Test
    void psuBlockedIsRejected() {
        Initiated payment = initiateRedirect("10.00");
        Sca.approve(payment.scaRedirect(), "psu-blocked");
        assertEquals("RJCT", Await.until(() -> status(payment.self()), s -> s.equals("RJCT"), "RJCT"));
    }

    @Test
    void psuDeniesAndIsSentToTheNokUri() {
        Initiated payment = initiateRedirect("10.00");
        assertEquals(TPP_NOK, Sca.deny(payment.scaRedirect(), "psu1"));
        assertEquals("RJCT", status(payment.self()));
        Tpps.get(ALPHA, payment.scaStatus()).then().body("scaStatus", equalTo("failed"));
    }

    @Test
    void theGatewayLinkWorksOnce() {
        Initiated payment = initiateRedirect("1.00");
        // a mail client's link checker sends HEAD, twice, before the PSU clicks: the link stays the PSU's
        for (int i = 0; i < 2; i++) {
            given().config(Tpps.RAW).head(Payments.local(payment.scaRedirect())).then().statusCode(200)
                    .header("Cache-Control", "no-store");
        }
        Tpps.get(ALPHA, payment.scaStatus()).then().body("scaStatus", equalTo("received"));
        Sca.followGatewayLink(payment.scaRedirect());
        Errors.expect(given().config(Tpps.RAW).accept("application/json").get(Payments.local(payment.scaRedirect())), 404, "ResourceUnknown");
        given().config(Tpps.RAW).head(Payments.local(payment.scaRedirect())).then().statusCode(404);
        String forged = Payments.local(payment.scaRedirect()).replaceAll("token=.*", "token=forged");
        Errors.expect(given().config(Tpps.RAW).accept("application/json").get(forged), 404, "ResourceUnknown");
        given().config(Tpps.RAW).head(forged).then().statusCode(404);
    }

    /** Anyone may follow a link: naming a payment that does not exist must answer as a wrong token does. */
    @Test
    void aLinkTellsNothingAboutWhichPaymentsExist() {
        Initiated payment = initiateRedirect("1.00");
        String link = Payments.local(payment.scaRedirect());
        String forged = link.replaceAll("token=.*", "token=forged");
        String otherId = SecureTokens.random(SecureTokens.ID_BYTES);
        String wrongToken = given().config(Tpps.RAW).accept("application/json").get(forged).then().statusCode(404).extract().path("error_message");
        for (String other : List.of(
                forged.replaceFirst("/sepa-credit-transfers/[^/]+/", "/sepa-credit-transfers/" + otherId + "/"),
                forged.replaceFirst("/sepa-credit-transfers/", "/instant-sepa-credit-transfers/"),
                link.replaceFirst("/sepa-credit-transfers/[^/]+/", "/sepa-credit-transfers/" + otherId + "/"))) {
            Errors.expect(given().config(Tpps.RAW).accept("application/json").get(other), 404, "ResourceUnknown")
                    .body("error_message", equalTo(wrongToken));
            given().config(Tpps.RAW).head(other).then().statusCode(404);
        }
    }

    @Test
    void aForgedCallbackIsRefusedAndChangesNothing() {
        Initiated payment = initiateRedirect("1.00");
        Errors.expect(given().config(Tpps.RAW).accept("application/json").get(payment.self() + "/sca-callback?state=guess"), 404, "ResourceUnknown");
        Errors.expect(given().config(Tpps.RAW).accept("application/json").get(payment.self() + "/sca-callback"), 404, "ResourceUnknown");
        assertEquals("RCVD", status(payment.self()));
    }

    @Test
    void explicitAuthorisationIsStartedByThePostAndThenRunsTheSameWay() {
        Response created = initiate(ALPHA, "sandbox", SCT, headers("TPP-Explicit-Authorisation-Preferred", "true"),
                body("3.00"));
        String self = created.then().statusCode(201).extract().path("_links.self.href");
        Tpps.get(ALPHA, self + "/authorisations").then().statusCode(200).body("authorisationIds", hasSize(0));

        Response started = Tpps.send(ALPHA, "POST", self + "/authorisations", java.util.Map.of(), "{}");
        started.then().statusCode(201)
                .header("ASPSP-SCA-Approach", "REDIRECT")
                .body("scaStatus", equalTo("received"));
        String authorisationId = started.path("authorisationId");
        started.then().body("_links.scaStatus.href", equalTo(self + "/authorisations/" + authorisationId));
        // not at the bank yet, nor a submission task: the bank's SCA page is made when the PSU follows the link, so
        // it cannot have expired however late the TPP started the authorisation
        GatewayDb db = new GatewayDb(dataSource);
        String id = Payments.id(self);
        assertEquals(null, db.bankPaymentId(id));
        assertEquals(null, db.taskState(PaymentTasks.SUBMISSION, id));
        Tpps.get(ALPHA, self + "/authorisations").then().body("authorisationIds", equalTo(java.util.List.of(authorisationId)));

        // named by its paymentId, never by the row's number (which would tell how many payments there are)
        Errors.expect(Tpps.send(ALPHA, "POST", self + "/authorisations", java.util.Map.of(), "{}"), 409, "StatusInvalid")
                .body("tppMessages[0].code", org.hamcrest.Matchers.equalTo("STATUS_INVALID"))
                .body("tppMessages[0].text", equalTo("An authorisation of payment " + id + " was already started"));

        assertEquals(TPP_OK, Sca.approve(started.path("_links.scaRedirect.href"), "psu1"));
        Tpps.get(ALPHA, self + "/authorisations/" + authorisationId).then().body("scaStatus", equalTo("finalised"));
        assertTrue(db.bankPaymentId(id) != null, "submitted when the PSU followed the link");
        assertEquals("done", db.taskState(PaymentTasks.SUBMISSION, id), "by its task, at once");
    }

    @Test
    void anExplicitStartTakesNoBodyOrAJsonObjectAndRefusesAnythingElse() {
        String self = initiate(ALPHA, "sandbox", SCT, headers("TPP-Explicit-Authorisation-Preferred", "true"),
                body("4.00")).then().statusCode(201).extract().path("_links.self.href");
        String start = self + "/authorisations";
        Errors.expect(Tpps.send(ALPHA, "POST", start, java.util.Map.of(), "not json"), 400, "FormatError");
        Errors.expect(Tpps.send(ALPHA, "POST", start, java.util.Map.of(), "[]"), 400, "FormatError");
        Errors.expect(Tpps.send(ALPHA, "POST", start, java.util.Map.of(), "{\"a\":1,\"a\":2}"), 400, "FormatError");
        Errors.expect(Tpps.send(ALPHA, "POST", start, java.util.Map.of("Content-Type", "text/plain"), "{}"),
                400, "FormatError");
        Tpps.get(ALPHA, start).then().statusCode(200).body("authorisationIds", hasSize(0));

        Tpps.send(ALPHA, "POST", start, java.util.Map.of(), null).then().statusCode(201)
                .body("scaStatus", equalTo("received"));
    }

    @Test
    void theCallbackWithoutRedirectUriShowsTheOutcome() {
        java.util.Map<String, String> headers = headers("TPP-Redirect-URI", null);
        headers.remove("TPP-Nok-Redirect-URI");
        headers.put("TPP-Redirect-Preferred", "false");
        // at sandbox2, which offers redirect only, no preference for it still gets it
        Response created = initiate(ALPHA, "sandbox2", SCT, headers, body("2.00"));
        String callback = BankBrowser.deny(Sca.followGatewayLink(created.path("_links.scaRedirect.href")), "psu1");
        given().config(Tpps.RAW).accept("application/json").get(Payments.local(callback)).then().statusCode(200)
                .body("paymentId", equalTo(created.jsonPath().getString("paymentId")))
                .body("transactionStatus", equalTo("RJCT"))
                .body("scaStatus", equalTo("failed"));
        // the PSU's browser gets the outcome as a page
        given().config(Tpps.RAW).accept("text/html").get(Payments.local(callback)).then().statusCode(200)
                .contentType(org.hamcrest.Matchers.startsWith("text/html"))
                .body(org.hamcrest.Matchers.containsString("Payment not authorised"));
    }
}
