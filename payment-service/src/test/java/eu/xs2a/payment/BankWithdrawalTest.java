package eu.xs2a.payment;

import eu.xs2a.testsupport.BankDates;
import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.TPP_OK;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.id;
import static eu.xs2a.payment.support.Payments.status;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
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
import eu.xs2a.payment.support.RelayBank.Cancellations;
import eu.xs2a.payment.support.Tasks;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.platform.task.RunResult;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A TPP cancels a payment while its submission task is submitting it (the bank of provider
 * {@value BankSandboxResource#RELAYED} holds the submission), or after a submission whose answer was lost: the
 * cancellation wins, the submission still arrives at the bank, and the bank's copy must be withdrawn. The withdrawal is
 * kept in the payment row with its task, retried until the bank cancels its copy (or says it is cancelled or
 * unknown); a copy that cannot be withdrawn is given up for an operator. The test runs each task's next attempt
 * itself ({@link Tasks}).
 */
@QuarkusTest
class BankWithdrawalTest extends PaymentTaskTestBase {

    private static final Map<String, String> CANCEL = Map.of("TPP-Redirect-URI", TPP_OK);

    private record Raced(String self, String id, String bankPaymentId, String scaRedirect) {
    }

    /**
     * The race: initiated while the bank is down (so the payment's task is retried later), then the bank is back but
     * slow, holding the task's next submission while the TPP cancels (204: the bank has not acknowledged it), then the
     * submission goes through. Cancellations reach the bank as {@code how} says. Nothing has tried the withdrawal yet.
     */
    private Raced cancelledWhileTheJobSubmits(RelayBank relay, Cancellations how, String body) throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        Response created = Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT, headers(), body);
        created.then().statusCode(201).body("transactionStatus", equalTo("RCVD"));
        String self = created.path("_links.self.href");
        assertNull(db.bankPaymentId(id(self)), "the bank was down at initiation");

        relay.holdSubmissions().answerCancellations(how).start();
        ExecutorService worker = Executors.newSingleThreadExecutor();
        try {
            Future<RunResult> submitting = worker.submit(() -> tasks.submit(id(self)));
            assertTrue(relay.awaitHeldSubmission(60), "the task's next attempt submits the payment");
            Tpps.send(ALPHA, "DELETE", self, CANCEL, null).then().statusCode(204);
            assertEquals("CANC", status(self));
            relay.releaseSubmissions();
            assertEquals(RunResult.DONE, submitting.get(60, TimeUnit.SECONDS));
        } finally {
            worker.shutdownNow();
        }

        String bankPaymentId = db.bankPaymentId(id(self));
        assertNotNull(bankPaymentId, "the held submission is recorded");
        assertEquals("PENDING", db.bankWithdrawal(id(self)));
        return new Raced(self, id(self), bankPaymentId, created.path("_links.scaRedirect.href"));
    }

    private RelayBank relay() {
        return RelayBank.forRelayedProvider();
    }

    @Test
    void cancelledWhileTheJobSubmitsItTheBanksCopyIsWithdrawn() throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = relay()) {
            Raced raced = cancelledWhileTheJobSubmits(relay, Cancellations.FORWARD, Payments.body("21.00"));

            assertEquals(RunResult.DONE, tasks.withdraw(raced.id()));
            assertEquals("WITHDRAWN", db.bankWithdrawal(raced.id()), "the bank's copy is withdrawn");
            BankApi.payment(raced.bankPaymentId()).then().statusCode(200).body("transactionStatus", equalTo("CANC"));
            assertEquals(1, relay.submissions().size(), "submitted once");
            // one bank payment under the gateway's id: asking with the same key finds the cancelled one
            BankApi.submitWithKey(String.valueOf(raced.id())).then().statusCode(200)
                    .body("bankPaymentId", equalTo(raced.bankPaymentId()))
                    .body("transactionStatus", equalTo("CANC"));

            // the TPP's view: cancelled, nothing left to authorise, nothing left to cancel
            assertEquals("CANC", status(raced.self()));
            Errors.expect(given().config(Tpps.RAW).accept("application/json").get(Payments.local(raced.scaRedirect())), 404, "ResourceUnknown");
            String authorisation = Tpps.get(ALPHA, raced.self() + "/authorisations").then().statusCode(200).extract()
                    .path("authorisationIds[0]");
            Tpps.get(ALPHA, raced.self() + "/authorisations/" + authorisation).then()
                    .body("scaStatus", equalTo("failed"));
            Errors.expect(Tpps.send(ALPHA, "DELETE", raced.self(), CANCEL, null), 405, "CancellationInvalid");
        }
    }

    /** The bank cannot be reached, or refuses: the withdrawal waits in the row and its task is retried. */
    @ParameterizedTest
    @EnumSource(value = Cancellations.class, names = {"UNREACHABLE", "REFUSED"})
    void aWithdrawalTheBankFailsIsRetriedUntilTheBankCancels(Cancellations failing) throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = relay()) {
            Raced raced = cancelledWhileTheJobSubmits(relay, failing, Payments.body("23.00"));

            assertEquals(RunResult.RETRY, tasks.withdraw(raced.id()), "the first attempt fails");
            assertEquals(RunResult.RETRY, tasks.withdraw(raced.id()), "and one retry");
            assertEquals(2, db.withdrawalAttempts(raced.id()));
            assertEquals("PENDING", db.bankWithdrawal(raced.id()));
            assertNotNull(db.lastWithdrawalError(raced.id()));
            BankApi.payment(raced.bankPaymentId()).then().body("transactionStatus", equalTo("RCVD"));

            relay.answerCancellations(Cancellations.FORWARD);
            assertEquals(RunResult.DONE, tasks.withdraw(raced.id()), "the next attempt");
            assertEquals("WITHDRAWN", db.bankWithdrawal(raced.id()));
            BankApi.payment(raced.bankPaymentId()).then().body("transactionStatus", equalTo("CANC"));
            assertFalse(db.abandonedWithdrawals().contains(raced.id()));
        }
    }

    /** The bank cancelled its copy, but the answer was lost: the retry hears "final", asks, and finds it cancelled. */
    @Test
    void aLostAnswerEndsWithTheBankSayingItsCopyIsCancelled() throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = relay()) {
            Raced raced = cancelledWhileTheJobSubmits(relay, Cancellations.ANSWER_LOST, Payments.body("24.00"));
            assertEquals(RunResult.RETRY, tasks.withdraw(raced.id()), "the first attempt's answer is lost");
            BankApi.payment(raced.bankPaymentId()).then().body("transactionStatus", equalTo("CANC"));

            relay.answerCancellations(Cancellations.FORWARD); // the sandbox now answers 409 CANCELLATION_INVALID
            assertEquals(RunResult.DONE, tasks.withdraw(raced.id()), "the next attempt");
            assertEquals("WITHDRAWN", db.bankWithdrawal(raced.id()));
            assertEquals(2, db.withdrawalAttempts(raced.id()));
        }
    }

    @Test
    void aCopyTheBankDoesNotKnowLeavesNothingToWithdraw() throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = relay()) {
            Raced raced = cancelledWhileTheJobSubmits(relay, Cancellations.UNKNOWN, Payments.body("25.00"));
            assertEquals(RunResult.DONE, tasks.withdraw(raced.id()), "the first attempt");
            assertEquals("WITHDRAWN", db.bankWithdrawal(raced.id()));
            assertEquals(1, db.withdrawalAttempts(raced.id()));
        }
    }

    private record Lost(String self, String id, String copy) {
    }

    /**
     * Initiated through a relay that loses the bank's answers to submissions: the bank holds a copy (RCVD, found here
     * by resubmitting with the gateway's key, which never makes a second one) that the gateway does not know.
     */
    private Lost initiatedWithItsAnswerLost(String amount) {
        Response created = Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT, headers(), Payments.body(amount));
        String self = created.then().statusCode(201).body("transactionStatus", equalTo("RCVD")).extract()
                .path("_links.self.href");
        assertNull(new GatewayDb(dataSource).bankPaymentId(id(self)), "the answer was lost: the copy is unknown here");
        String copy = BankApi.submitWithKey(String.valueOf(id(self))).then().statusCode(200)
                .body("transactionStatus", equalTo("RCVD")).extract().path("bankPaymentId");
        return new Lost(self, id(self), copy);
    }

    /** The withdrawal looks the copy up by the payment's key, records it and has the bank cancel it. */
    private void assertFoundAndWithdrawn(Lost lost, RelayBank relay) {
        GatewayDb db = new GatewayDb(dataSource);
        assertEquals("PENDING", db.bankWithdrawal(lost.id()));
        assertEquals(RunResult.DONE, tasks.withdraw(lost.id()), "the withdrawal looks the copy up and withdraws it");
        assertEquals("WITHDRAWN", db.bankWithdrawal(lost.id()));
        assertEquals(lost.copy(), db.bankPaymentId(lost.id()), "the copy found is recorded");
        BankApi.payment(lost.copy()).then().body("transactionStatus", equalTo("CANC"));
        assertTrue(relay.lookups() >= 1);
    }

    /**
     * The bank stored the submission, but its answer was lost (each time: the task's idempotent retries too), so the
     * gateway does not know the copy when the TPP cancels. The cancellation wins (204), and the withdrawal finds the
     * copy by the payment's idempotency key and withdraws it: no bank payment outlives the TPP's cancellation.
     */
    @Test
    void aCopyWhoseSubmissionAnswerWasLostIsFoundByItsKeyAndWithdrawn() {
        try (RelayBank relay = relay().loseSubmissionAnswers().start()) {
            Lost lost = initiatedWithItsAnswerLost("29.00");
            Tpps.send(ALPHA, "DELETE", lost.self(), CANCEL, null).then().statusCode(204);
            assertEquals("CANC", status(lost.self()));
            assertFoundAndWithdrawn(lost, relay);
            assertEquals("CANC", status(lost.self()));
        }
    }

    /**
     * The same lost answers, and nobody cancels: the status check rejects the payment at its deadline after 24 h (RJCT,
     * set here without the bank's word), so the copy the bank may hold is looked up and withdrawn as for a
     * cancellation.
     */
    @Test
    void aPaymentRejectedAtItsDeadlineWhoseAnswersWereLostHasItsCopyWithdrawn() {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = relay().loseSubmissionAnswers().start()) {
            Lost lost = initiatedWithItsAnswerLost("33.00");
            db.initiatedAgo(lost.id(), Duration.ofHours(25));
            assertEquals(RunResult.DONE, tasks.pollStatus(lost.id()), "the status polling job checks it");
            assertEquals("RJCT", db.transactionStatus(lost.id()), "rejected at its deadline");
            assertFoundAndWithdrawn(lost, relay);
            assertEquals("RJCT", status(lost.self()), "the TPP's answer stays the deadline's");
        }
    }

    /**
     * A payment the bank acknowledged but nobody authorised: the status check asks the bank (still RCVD there), rejects
     * it at its deadline and withdraws the bank's copy, so that the SCA still open there cannot execute a payment the
     * TPP was told is rejected.
     */
    @Test
    void aSubmittedPaymentRejectedAtItsDeadlineHasItsCopyWithdrawn() {
        GatewayDb db = new GatewayDb(dataSource);
        String self = Payments.create(ALPHA, "34.00");
        String bankPaymentId = db.bankPaymentId(id(self));
        assertNotNull(bankPaymentId, "submitted at initiation");
        BankApi.payment(bankPaymentId).then().statusCode(200).body("transactionStatus", equalTo("RCVD"));

        db.initiatedAgo(id(self), Duration.ofHours(25));
        assertEquals(RunResult.DONE, tasks.pollStatus(id(self)), "the status polling job checks it");
        assertEquals("RJCT", db.transactionStatus(id(self)), "rejected at its deadline");
        assertEquals("MS03", db.statusReason(id(self)));
        assertEquals("PENDING", db.bankWithdrawal(id(self)), "the bank's copy is still open");

        assertEquals(RunResult.DONE, tasks.withdraw(id(self)));
        assertEquals("WITHDRAWN", db.bankWithdrawal(id(self)));
        BankApi.payment(bankPaymentId).then().statusCode(200).body("transactionStatus", equalTo("CANC"));
        assertEquals("RJCT", status(self), "the TPP's answer stays the deadline's");
    }

    /** Cancelled while the bank was down: the withdrawal asks once the bank is back, finds nothing, sends nothing. */
    @Test
    void aPaymentCancelledBeforeItReachedTheBankLeavesNothingThere() throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = relay()) {
            Response created = Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT, headers(),
                    Payments.body("30.00"));
            String self = created.then().statusCode(201).extract().path("_links.self.href");
            Tpps.send(ALPHA, "DELETE", self, CANCEL, null).then().statusCode(204);
            assertEquals("PENDING", db.bankWithdrawal(id(self)), "the bank may have it: only the bank can tell");

            relay.start();
            assertEquals(RunResult.DONE, tasks.withdraw(id(self)), "the withdrawal looks the copy up");
            assertEquals("WITHDRAWN", db.bankWithdrawal(id(self)));
            assertNull(db.bankPaymentId(id(self)));
            assertTrue(relay.lookups() >= 1);
            assertEquals(RunResult.DONE, tasks.submit(id(self)), "its submission task finds nothing to do");
            assertTrue(relay.submissions().isEmpty(), "a cancelled payment is never submitted");
            assertEquals("CANC", status(self));
        }
    }

    /**
     * Cancelled while the initiation's own submission is still on its way (the bank slow to answer, but within the read
     * timeout): the withdrawal does not look the copy up while that submission runs (a lookup could come before the
     * bank stored it), and once the submission's answer names the copy, withdraws it.
     */
    @Test
    void aWithdrawalWaitsForTheSubmissionStillOnItsWay() throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        ExecutorService tpp = Executors.newSingleThreadExecutor();
        try (RelayBank relay = relay().holdSubmissions().start()) {
            String before = db.latestPaymentId();
            Future<Response> initiation = tpp.submit(() -> Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT,
                    headers(), Payments.body("32.00")));
            assertTrue(relay.awaitHeldSubmission(60), "the initiation submits the payment");
            String id = db.latestPaymentId();
            assertNotEquals(before, id, "a new payment");
            String self = Payments.path(BankSandboxResource.RELAYED, SCT) + "/" + id;
            Tpps.send(ALPHA, "DELETE", self, CANCEL, null).then().statusCode(204);
            assertEquals("PENDING", db.bankWithdrawal(id));
            assertEquals(RunResult.RETRY, tasks.withdraw(id), "it waits for the submission");
            assertEquals(0, relay.lookups(), "no lookup while the submission is on its way");
            assertEquals("PENDING", db.bankWithdrawal(id));

            relay.releaseSubmissions();
            assertEquals(201, initiation.get(60, TimeUnit.SECONDS).statusCode());
            String copy = db.bankPaymentId(id);
            assertNotNull(copy, "the arrived copy is recorded");
            assertEquals(RunResult.DONE, tasks.withdraw(id));
            assertEquals("WITHDRAWN", db.bankWithdrawal(id), "the arrived copy is withdrawn");
            assertEquals(0, relay.lookups(), "its id was known: nothing to look up");
            BankApi.payment(copy).then().body("transactionStatus", equalTo("CANC"));
            assertEquals("CANC", status(self));
        } finally {
            tpp.shutdownNow();
        }
    }

    /** An explicit payment whose authorisation was never started cannot have reached the bank: nothing to ask. */
    @Test
    void anExplicitPaymentCancelledBeforeItsAuthorisationNeedsNoLookup() {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = relay().start()) {
            Response created = Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT,
                    headers("TPP-Explicit-Authorisation-Preferred", "true"), Payments.body("31.00"));
            String self = created.then().statusCode(201).extract().path("_links.self.href");
            Tpps.send(ALPHA, "DELETE", self, CANCEL, null).then().statusCode(204);
            assertEquals("CANC", status(self));
            assertNull(db.bankWithdrawal(id(self)));
            assertEquals(0, relay.lookups());
            assertTrue(relay.submissions().isEmpty());
        }
    }

    /**
     * A TPP's DELETE that the bank answers with "unknown payment" (it lost a payment it acknowledged): the payment exists
     * for the TPP, so the answer is 503, try later, never ResourceUnknown, and nothing changes.
     */
    @Test
    void aCancellationOfAPaymentTheBankLostIsUnavailableNotUnknown() {
        try (RelayBank relay = relay().answerCancellations(Cancellations.UNKNOWN).start()) {
            Response created = Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT, headers(),
                    Payments.body("28.00"));
            String self = created.then().statusCode(201).extract().path("_links.self.href");
            Response answer = Tpps.send(ALPHA, "DELETE", self, CANCEL, null);
            Errors.expect(answer, 503, "ServiceUnavailable");
            answer.then().header("Retry-After", notNullValue());
            assertEquals("RCVD", status(self));
        }
    }

    /**
     * Never reachable: still failing psd2.tasks.type.payment-withdrawal.give-up-after after its task was enqueued, the
     * withdrawal is given up (one ERROR line), and the row says so for an operator (README's query).
     */
    @Test
    void aWithdrawalThatNeverSucceedsIsGivenUpForAnOperator() throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = relay()) {
            Raced raced = cancelledWhileTheJobSubmits(relay, Cancellations.UNREACHABLE, Payments.body("26.00"));
            assertEquals(RunResult.RETRY, tasks.withdraw(raced.id()), "before its give-up age: tried again later");
            assertEquals("PENDING", db.bankWithdrawal(raced.id()));

            clock.advance(taskConfig.giveUpAfter(PaymentTasks.WITHDRAWAL));
            assertEquals(RunResult.GIVEN_UP, tasks.withdraw(raced.id()));
            clock.reset();
            assertEquals("ABANDONED", db.bankWithdrawal(raced.id()));
            assertEquals(2, db.withdrawalAttempts(raced.id()));
            assertTrue(db.lastWithdrawalError(raced.id()).contains("could not be withdrawn"),
                    db.lastWithdrawalError(raced.id()));
            assertEquals("given_up", db.taskState(PaymentTasks.WITHDRAWAL, raced.id()));
            assertTrue(db.abandonedWithdrawals().contains(raced.id()));
            BankApi.payment(raced.bankPaymentId()).then().body("transactionStatus", equalTo("RCVD"));
            assertEquals("CANC", status(raced.self()));
        }
    }

    /**
     * The bank's copy was authorised at the bank meanwhile (the PSU used the bank's own page): the bank now wants the
     * PSU to authorise its cancellation, which nobody can through the gateway, so asking again is pointless.
     */
    @Test
    void aCopyTheBankWantsThePsuToCancelIsGivenUpAtOnce() throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        // executed tomorrow, so that the bank keeps its authorised copy open (ACSP) rather than settling it
        String body = Payments.body("27.00").replaceFirst("\\{", "{\"requestedExecutionDate\": \""
                + BankDates.today(BankSandboxResource.RELAYED).plusDays(1) + "\", ");
        try (RelayBank relay = relay()) {
            Raced raced = cancelledWhileTheJobSubmits(relay, Cancellations.UNREACHABLE, body);
            assertEquals(RunResult.RETRY, tasks.withdraw(raced.id()), "the first attempt");
            BankBrowser.approve(db.bankScaUrl(raced.id()), "psu1");
            BankApi.payment(raced.bankPaymentId()).then().body("transactionStatus", equalTo("ACSP"));

            relay.answerCancellations(Cancellations.FORWARD);
            assertEquals(RunResult.GIVEN_UP, tasks.withdraw(raced.id()), "the next attempt gives up");
            assertEquals("ABANDONED", db.bankWithdrawal(raced.id()));
            assertEquals(2, db.withdrawalAttempts(raced.id()), "at once, long before its give-up age");
            assertTrue(db.abandonedWithdrawals().contains(raced.id()));
            assertEquals("CANC", status(raced.self()), "final states never change");
        }
    }
}
