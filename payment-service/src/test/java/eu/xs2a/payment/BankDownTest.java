package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.TPP_NOK;
import static eu.xs2a.payment.support.Payments.TPP_OK;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.id;
import static eu.xs2a.payment.support.Payments.status;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.domain.PaymentTasks;
import eu.xs2a.payment.support.BankApi;
import eu.xs2a.payment.support.BankBrowser;
import eu.xs2a.payment.support.BankSandboxResource;
import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.GatewayDb;
import eu.xs2a.payment.support.PaymentTaskTestBase;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.RelayBank;
import eu.xs2a.payment.support.Sca;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.platform.task.Backoff;
import eu.xs2a.platform.task.RunResult;
import eu.xs2a.platform.task.TaskView;
import eu.xs2a.testsupport.RefusingBank;
import eu.xs2a.testsupport.SwitchableProxy;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.net.URI;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * The bank of provider {@value BankSandboxResource#FLAKY} is down (nothing listens on its port) until the test
 * opens a proxy to the real sandbox there: payments are kept (RCVD) and forwarded later by their submission task, once.
 * A bank that refuses a payment (400, 409, 422) makes its initiation ServiceInvalid and the payment RJCT; one that
 * refuses the gateway (401, 404, 429) keeps it as if the bank were down.
 */
@QuarkusTest
class BankDownTest extends PaymentTaskTestBase {

    @ConfigProperty(name = BankSandboxResource.FLAKY_PORT)
    int flakyPort;

    @ConfigProperty(name = BankSandboxResource.BANK_URL)
    String bankUrl;

    /** The bank of provider {@value BankSandboxResource#FLAKY} up: a proxy on its port to the real sandbox. */
    private SwitchableProxy flakyBankUp() {
        URI bank = URI.create(bankUrl);
        return new SwitchableProxy(flakyPort, bank.getHost(), bank.getPort()).up();
    }

    @Test
    void keptWhileTheBankIsDownForwardedOnceWhenItIsBack() {
        GatewayDb db = new GatewayDb(dataSource);
        Response created = Payments.initiate(ALPHA, BankSandboxResource.FLAKY, SCT, headers(), Payments.body("8.00"));
        created.then().statusCode(201)
                .body("transactionStatus", equalTo("RCVD"))
                .body("_links.scaRedirect.href", notNullValue());
        String self = created.path("_links.self.href");
        String scaRedirect = created.path("_links.scaRedirect.href");
        assertNull(db.bankPaymentId(id(self)));
        assertTrue(db.submitAttempts(id(self)) >= 1, "tried once inline");

        // reads answer the last known status; the PSU's link says "try later" and stays usable
        assertEquals("RCVD", status(self));
        Tpps.get(ALPHA, self).then().statusCode(200).body("instructedAmount.amount", equalTo("8.00"));
        Response unavailable = given().config(Tpps.RAW).accept("application/json").get(Payments.local(scaRedirect));
        Errors.expect(unavailable, 503, "ServiceUnavailable");
        unavailable.then().header("Retry-After", notNullValue());
        // the PSU's browser gets it as a page: try again, or go back to the TPP
        given().config(Tpps.RAW).accept("text/html,*/*;q=0.8").get(Payments.local(scaRedirect)).then()
                .statusCode(503).contentType(startsWith("text/html"))
                .body(containsString("try the same link again"), containsString("href=\"" + TPP_NOK + "\""));

        // cancelled while the bank is down: cancelled at once and never forwarded
        Response doomed = Payments.initiate(ALPHA, BankSandboxResource.FLAKY, SCT, headers(), Payments.body("9.00"));
        String doomedSelf = doomed.path("_links.self.href");
        Tpps.send(ALPHA, "DELETE", doomedSelf, Map.of("TPP-Redirect-URI", TPP_OK), null).then().statusCode(204);
        assertEquals("CANC", status(doomedSelf));

        try (SwitchableProxy up = flakyBankUp()) {
            assertEquals(RunResult.DONE, tasks.submit(id(self)), "the task's next attempt forwards it");
            String bankPaymentId = db.bankPaymentId(id(self));
            assertNotNull(bankPaymentId);
            BankApi.payment(bankPaymentId).then().statusCode(200).body("transactionStatus", equalTo("RCVD"));
            // one bank payment under the gateway's id: asking with the same key finds it, creates nothing
            BankApi.submitWithKey(String.valueOf(id(self))).then().statusCode(200)
                    .body("bankPaymentId", equalTo(bankPaymentId));
            assertEquals("RCVD", status(self));
            assertEquals(RunResult.NOTHING_PENDING, tasks.submit(id(self)), "forwarded once");
            tasks.submit(id(doomedSelf));
            assertNull(db.bankPaymentId(id(doomedSelf)), "a cancelled payment is never forwarded");

            // the same link now leads to the bank's page (the bank names itself as the proxy's address)
            String bankPage = Sca.followGatewayLink(scaRedirect);
            assertTrue(bankPage.startsWith("http://localhost:" + flakyPort + "/sca/"), bankPage);
        }

        // down again: reads still answer the last known status, never an error
        assertEquals("RCVD", status(self));
    }

    /**
     * The OAuth SCA approach: scaOAuth leads to the OAuth server, whose PSU login checks the payment at the bank, and
     * no gateway link submits it first. So a payment the bank cannot take now ends here with 503, kept for its
     * X-Request-ID; a new initiation, with the bank back, is a payment the bank holds before its 201 names scaOAuth.
     */
    @Test
    void anOAuthScaPaymentTheBankCannotTakeNowIs503AndTheRetryIsAtTheBankBeforeItsAnswer() {
        String requestId = UUID.randomUUID().toString();
        String path = Payments.path(BankSandboxResource.FLAKY_OAUTH, SCT);
        Response down = Tpps.send(ALPHA, "POST", path, headers(), Payments.body("6.00"), requestId);
        Errors.expect(down, 503, "ServiceUnavailable");
        down.then().header("Retry-After", notNullValue());
        GatewayDb db = new GatewayDb(dataSource);
        String ended = db.latestPaymentId();
        assertEquals("RJCT", db.transactionStatus(ended));
        assertNull(db.bankPaymentId(ended));

        try (SwitchableProxy up = flakyBankUp()) {
            // the same X-Request-ID gets the same 503 (kept in place of the RCVD answer); a new one initiates anew
            Response again = Tpps.send(ALPHA, "POST", path, headers(), Payments.body("6.00"), requestId);
            assertEquals(503, again.statusCode());
            assertEquals(down.asString(), again.asString());
            Response created = Tpps.send(ALPHA, "POST", path, headers(), Payments.body("6.00"),
                    UUID.randomUUID().toString());
            created.then().statusCode(201)
                    .body("transactionStatus", equalTo("RCVD"))
                    .body("_links.scaOAuth.href", endsWith("/" + BankSandboxResource.FLAKY_OAUTH
                            + "/oauth/.well-known/oauth-authorization-server"))
                    .body("_links.scaRedirect", nullValue());
            String id = id(created.path("_links.self.href"));
            assertNotEquals(ended, id, "a new payment");
            assertNotNull(db.bankPaymentId(id), "at the bank before the answer");
            tasks.submit(ended);
            assertNull(db.bankPaymentId(ended), "the ended one is never forwarded");
        }
    }

    @Test
    void aPaymentTheBankRefusesIsServiceInvalidRejectedAndItsAnswerKeptWithIt() {
        String requestId = UUID.randomUUID().toString();
        String path = Payments.path(BankSandboxResource.FLAKY, SCT);
        Response refused;
        try (RefusingBank bank = RefusingBank.listen(flakyPort)) {
            refused = Tpps.send(ALPHA, "POST", path, headers(), Payments.body("3.00"), requestId);
        }
        Errors.expect(refused, 400, "ServiceInvalid");

        // rejected, and the error answer written by the same transaction (PostgreSQL's xmin) that rejected it, in
        // place of the RCVD answer kept at creation: a crash before the answer went out cannot leave that one
        GatewayDb db = new GatewayDb(dataSource);
        String id = db.latestPaymentId();
        assertEquals("RJCT", db.transactionStatus(id));
        assertEquals("400", db.keptAnswerStatus(requestId));
        assertTrue(db.keptWithPayment(id, requestId), "the rejection and its answer in one transaction");

        // the retry gets the same error; the bank, gone now, is not asked again and no second payment is made
        long payments = db.paymentCount();
        Response again = Tpps.send(ALPHA, "POST", path, headers(), Payments.body("3.00"), requestId);
        assertEquals(400, again.statusCode());
        assertEquals(refused.asString(), again.asString());
        assertEquals(payments, db.paymentCount());
    }

    /**
     * A bank that refuses the gateway's credential, or asks it to slow down, has judged no payment: the payment is
     * kept (RCVD) for its task's retry, exactly as when the bank is down, and never rejected.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"401, UNAUTHORIZED", "429, TOO_MANY_REQUESTS", "404, NOT_FOUND"})
    void aBankRefusingTheGatewayRatherThanThePaymentKeepsItForTheRetry(int status, String code) {
        GatewayDb db = new GatewayDb(dataSource);
        Response created;
        try (RefusingBank bank = RefusingBank.listen(flakyPort, status, code)) {
            created = Payments.initiate(ALPHA, BankSandboxResource.FLAKY, SCT, headers(), Payments.body("4.00"));
        }
        created.then().statusCode(201).body("transactionStatus", equalTo("RCVD"));
        String id = id(created.path("_links.self.href"));
        assertEquals("RCVD", db.transactionStatus(id));
        assertNull(db.bankPaymentId(id));
        assertTrue(db.submitAttempts(id) >= 1, "tried once inline");
    }

    /**
     * The PSU approved, and the bank is gone when the PSU comes back: the outcome is unknown, not negative, so the PSU
     * goes to TPP-Redirect-URI (the TPP then asks for the status), never to TPP-Nok-Redirect-URI.
     */
    @Test
    void aReturnWhileTheBankCannotBeAskedIsNoFailure() {
        String callback;
        String self;
        try (SwitchableProxy up = flakyBankUp()) {
            Response created = Payments.initiate(ALPHA, BankSandboxResource.FLAKY, SCT, headers(), Payments.body("6.00"));
            self = created.path("_links.self.href");
            callback = BankBrowser.approve(Sca.followGatewayLink(created.path("_links.scaRedirect.href")), "psu1");
        }
        Response back = Sca.returnToGateway(callback);
        back.then().statusCode(302).header("Location", startsWith(TPP_OK));
        assertEquals("RCVD", status(self), "the last known status, until the bank can be asked again");
    }

    /**
     * A submission the bank cannot take is retried after a backoff that grows (full jitter: a random delay up to a
     * ceiling that doubles per failed attempt, psd2.tasks.backoff-*), by the task runtime's poller once it is due, and
     * finishes once: one bank payment, and nothing left to run.
     */
    @Test
    void aFailedSubmissionIsRetriedWithBackoffAndFinishesOnce() {
        GatewayDb db = new GatewayDb(dataSource);
        Backoff backoff = taskConfig.backoff(PaymentTasks.SUBMISSION);
        try (RelayBank relay = RelayBank.forRelayedProvider()) {
            Instant first = clock.instant();
            Response created = Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT, headers(),
                    Payments.body("5.00"));
            created.then().statusCode(201).body("transactionStatus", equalTo("RCVD"));
            String id = id(created.path("_links.self.href"));
            TaskView afterFirst = tasks.latest(PaymentTasks.SUBMISSION, id).orElseThrow();
            assertEquals(TaskView.State.QUEUED, afterFirst.state());
            assertEquals(1, afterFirst.attempts(), "the initiation's own attempt counts");
            assertNotNull(afterFirst.lastError());
            assertFalse(afterFirst.nextAttemptAt().isAfter(clock.instant().plus(backoff.ceiling(1))),
                    "due again within the first ceiling");
            assertFalse(afterFirst.nextAttemptAt().isBefore(first), afterFirst.toString());

            Instant second = clock.instant();
            assertEquals(RunResult.RETRY, tasks.submit(id), "still down");
            TaskView afterSecond = tasks.latest(PaymentTasks.SUBMISSION, id).orElseThrow();
            assertEquals(2, afterSecond.attempts());
            assertFalse(afterSecond.nextAttemptAt().isBefore(second));
            assertFalse(afterSecond.nextAttemptAt().isAfter(clock.instant().plus(backoff.ceiling(2))),
                    "due again within the doubled ceiling");
            assertNull(db.bankPaymentId(id));

            relay.start();
            clock.advanceTo(afterSecond.nextAttemptAt());
            assertTrue(tasks.runDue() >= 1, "the poller runs it once it is due");
            String bankPaymentId = db.bankPaymentId(id);
            assertNotNull(bankPaymentId, "submitted by the poll");
            TaskView done = tasks.latest(PaymentTasks.SUBMISSION, id).orElseThrow();
            assertEquals(TaskView.State.DONE, done.state());
            assertEquals(3, done.attempts());

            tasks.runDue();
            assertEquals(RunResult.NOTHING_PENDING, tasks.submit(id), "finished: nothing left to run");
            String key = "\"idempotencyKey\":\"" + id + "\"";
            assertEquals(1, relay.submissions().stream().filter(body -> body.contains(key)).count(),
                    "the bank got it once");
            BankApi.submitWithKey(id).then().statusCode(200).body("bankPaymentId",
                    equalTo(bankPaymentId));
            clock.reset();
            assertEquals("RCVD", status(created.path("_links.self.href")));
        }
    }

    /**
     * A submission still failing psd2.tasks.type.payment-submission.give-up-after after it was enqueued is given up,
     * and the payment rejected as at its authorisation deadline (RJCT, MS03), its authorisation failed; the copy the
     * bank may hold (every answer lost) is looked up and withdrawn.
     */
    @Test
    void aSubmissionStillFailingAtItsGiveUpAgeRejectsThePayment() {
        GatewayDb db = new GatewayDb(dataSource);
        Response created = Payments.initiate(ALPHA, BankSandboxResource.FLAKY, SCT, headers(), Payments.body("7.00"));
        String self = created.then().statusCode(201).extract().path("_links.self.href");
        String id = id(self);
        assertEquals(RunResult.RETRY, tasks.submit(id), "still before its give-up age");
        assertEquals("RCVD", db.transactionStatus(id));

        clock.advance(taskConfig.giveUpAfter(PaymentTasks.SUBMISSION));
        assertEquals(RunResult.GIVEN_UP, tasks.submit(id));
        clock.reset();
        TaskView givenUp = tasks.latest(PaymentTasks.SUBMISSION, id).orElseThrow();
        assertEquals(TaskView.State.GIVEN_UP, givenUp.state());
        assertNotNull(givenUp.givenUpReason());
        assertEquals("RJCT", db.transactionStatus(id));
        assertEquals("MS03", db.statusReason(id));
        String authorisation = Tpps.get(ALPHA, self + "/authorisations").then().statusCode(200).extract()
                .path("authorisationIds[0]");
        Tpps.get(ALPHA, self + "/authorisations/" + authorisation).then().body("scaStatus", equalTo("failed"));
        assertEquals("PENDING", db.bankWithdrawal(id), "the bank may hold a copy: it is looked up");
        assertEquals("queued", db.taskState(PaymentTasks.WITHDRAWAL, id));
        assertEquals("RJCT", status(self));
    }

    @Test
    void downAtTheInitiationOfAnExplicitAuthorisationToo() {
        Response created = Payments.initiate(ALPHA, BankSandboxResource.FLAKY, SCT,
                headers("TPP-Explicit-Authorisation-Preferred", "true"), Payments.body("1.00"));
        created.then().statusCode(201).body("_links.startAuthorisation.href", startsWith("/flaky/"));
        String self = created.path("_links.self.href");
        Tpps.send(ALPHA, "POST", self + "/authorisations", Map.of(), "{}").then().statusCode(201)
                .body("scaStatus", equalTo("received"));
    }
}
