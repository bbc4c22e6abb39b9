package eu.xs2a.payment;

import eu.xs2a.testsupport.BankDates;
import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.TPP_OK;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.support.Await;
import eu.xs2a.payment.support.BankApi;
import eu.xs2a.payment.support.BankBrowser;
import eu.xs2a.payment.support.BankSandboxResource;
import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.GatewayDb;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.RelayBank;
import eu.xs2a.payment.support.RelayBank.Cancellations;
import eu.xs2a.payment.support.Tpps;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A TPP cancels a payment while the retry job is submitting it (the bank of provider {@value BankSandboxResource#RELAYED}
 * holds the submission), or after a submission whose answer was lost: the cancellation wins, the submission still
 * arrives at the bank, and the bank's copy must be withdrawn. The withdrawal is kept in the payment row and retried
 * by the job until the bank cancels its copy (or says it is cancelled or unknown); a copy that cannot be withdrawn is
 * given up for an operator.
 */
@QuarkusTest
class BankWithdrawalTest {

    private static final Map<String, String> CANCEL = Map.of("TPP-Redirect-URI", TPP_OK);

    @Inject
    AgroalDataSource dataSource;

    @ConfigProperty(name = BankSandboxResource.RELAYED_PORT)
    int relayedPort;

    @ConfigProperty(name = BankSandboxResource.BANK_URL)
    String bankUrl;

    @ConfigProperty(name = "payment.withdrawal.max-attempts")
    int maxAttempts;

    private record Raced(String self, long id, String bankPaymentId, String scaRedirect) {
    }

    private static long id(String self) {
        return Long.parseLong(self.substring(self.lastIndexOf('/') + 1));
    }

    private static String status(String self) {
        return Tpps.get(ALPHA, self + "/status").then().statusCode(200).extract().path("transactionStatus");
    }

    /**
     * The race: initiated while the bank is down (so the retry job takes the payment over), then the bank is back but
     * slow, holding the job's submission while the TPP cancels (204: the bank has not acknowledged it), then the
     * submission goes through. Cancellations reach the bank as {@code how} says.
     */
    private Raced cancelledWhileTheJobSubmits(RelayBank relay, Cancellations how, String body) throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        Response created = Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT, headers(), body);
        created.then().statusCode(201).body("transactionStatus", equalTo("RCVD"));
        String self = created.path("_links.self.href");
        assertNull(db.bankPaymentId(id(self)), "the bank was down at initiation");

        relay.holdSubmissions().answerCancellations(how).start();
        assertTrue(relay.awaitHeldSubmission(60), "the retry job submits the payment");
        Tpps.send(ALPHA, "DELETE", self, CANCEL, null).then().statusCode(204);
        assertEquals("CANC", status(self));
        relay.releaseSubmissions();

        String bankPaymentId = Await.until(() -> db.bankPaymentId(id(self)), Objects::nonNull,
                "the held submission to be recorded");
        return new Raced(self, id(self), bankPaymentId, created.path("_links.scaRedirect.href"));
    }

    private RelayBank relay() {
        return RelayBank.forSandbox(relayedPort, bankUrl);
    }

    @Test
    void cancelledWhileTheJobSubmitsItTheBanksCopyIsWithdrawn() throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = relay()) {
            Raced raced = cancelledWhileTheJobSubmits(relay, Cancellations.FORWARD, Payments.body("21.00"));

            assertEquals("WITHDRAWN", Await.until(() -> db.bankWithdrawal(raced.id()), "WITHDRAWN"::equals,
                    "the bank's copy to be withdrawn"));
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

    /** The bank cannot be reached, or refuses: the withdrawal waits in the row and the job retries it. */
    @ParameterizedTest
    @EnumSource(value = Cancellations.class, names = {"UNREACHABLE", "REFUSED"})
    void aWithdrawalTheBankFailsIsRetriedUntilTheBankCancels(Cancellations failing) throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = relay()) {
            Raced raced = cancelledWhileTheJobSubmits(relay, failing, Payments.body("23.00"));

            Await.until(() -> db.withdrawalAttempts(raced.id()), n -> n >= 2,
                    "the first attempt and one retry by the job to fail");
            assertEquals("PENDING", db.bankWithdrawal(raced.id()));
            assertNotNull(db.lastWithdrawalError(raced.id()));
            BankApi.payment(raced.bankPaymentId()).then().body("transactionStatus", equalTo("RCVD"));

            relay.answerCancellations(Cancellations.FORWARD);
            assertEquals("WITHDRAWN", Await.until(() -> db.bankWithdrawal(raced.id()), s -> !"PENDING".equals(s),
                    "the job's next attempt"));
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
            Await.until(() -> db.withdrawalAttempts(raced.id()), n -> n >= 1, "the first attempt");
            BankApi.payment(raced.bankPaymentId()).then().body("transactionStatus", equalTo("CANC"));

            relay.answerCancellations(Cancellations.FORWARD); // the sandbox now answers 409 CANCELLATION_INVALID
            assertEquals("WITHDRAWN", Await.until(() -> db.bankWithdrawal(raced.id()), s -> !"PENDING".equals(s),
                    "the job's next attempt"));
            assertTrue(db.withdrawalAttempts(raced.id()) >= 2);
        }
    }

    @Test
    void aCopyTheBankDoesNotKnowLeavesNothingToWithdraw() throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = relay()) {
            Raced raced = cancelledWhileTheJobSubmits(relay, Cancellations.UNKNOWN, Payments.body("25.00"));
            assertEquals("WITHDRAWN", Await.until(() -> db.bankWithdrawal(raced.id()), s -> !"PENDING".equals(s),
                    "the first attempt"));
            assertEquals(1, db.withdrawalAttempts(raced.id()));
        }
    }

    private record Lost(String self, long id, String copy) {
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

    /** The job looked the copy up by the payment's key, recorded it and had the bank cancel it. */
    private void assertFoundAndWithdrawn(Lost lost, RelayBank relay) {
        GatewayDb db = new GatewayDb(dataSource);
        assertEquals("WITHDRAWN", Await.until(() -> db.bankWithdrawal(lost.id()), s -> !"PENDING".equals(s),
                "the job to look the copy up and withdraw it"));
        assertEquals(lost.copy(), db.bankPaymentId(lost.id()), "the copy found is recorded");
        BankApi.payment(lost.copy()).then().body("transactionStatus", equalTo("CANC"));
        assertTrue(relay.lookups() >= 1);
    }

    /**
     * The bank stored the submission, but its answer was lost (each time: the retry job's idempotent attempts too), so
     * the gateway does not know the copy when the TPP cancels. The cancellation wins (204), and the job finds the copy
     * by the payment's idempotency key and withdraws it: no bank payment outlives the TPP's cancellation.
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
     * The same lost answers, and nobody cancels: the deadline job rejects the payment after 24 h (RJCT, set here
     * without the bank's word), so the copy the bank may hold is looked up and withdrawn as for a cancellation.
     */
    @Test
    void aPaymentRejectedAtItsDeadlineWhoseAnswersWereLostHasItsCopyWithdrawn() {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = relay().loseSubmissionAnswers().start()) {
            Lost lost = initiatedWithItsAnswerLost("33.00");
            db.initiatedAgo(lost.id(), Duration.ofHours(25));
            Await.until(() -> db.transactionStatus(lost.id()), "RJCT"::equals, "the deadline job to reject it");
            assertFoundAndWithdrawn(lost, relay);
            assertEquals("RJCT", status(lost.self()), "the TPP's answer stays the deadline's");
        }
    }

    /** Cancelled while the bank was down: the job asks once the bank is back, finds nothing, and sends nothing. */
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
            assertEquals("WITHDRAWN", Await.until(() -> db.bankWithdrawal(id(self)), s -> !"PENDING".equals(s),
                    "the job to look the copy up"));
            assertNull(db.bankPaymentId(id(self)));
            assertTrue(relay.lookups() >= 1);
            assertTrue(relay.submissions().isEmpty(), "a cancelled payment is never submitted");
            assertEquals("CANC", status(self));
        }
    }

    /**
     * The job looked the copy up while the initiation's own submission was still on its way (the bank slow to answer,
     * but within the read timeout) and found none; the submission then arrives and is answered: the copy is known
     * now, so its withdrawal starts again.
     */
    @Test
    void aCopyThatArrivesAfterALookupFoundNoneIsWithdrawnToo() throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        ExecutorService tpp = Executors.newSingleThreadExecutor();
        try (RelayBank relay = relay().holdSubmissions().start()) {
            long before = db.latestPaymentId();
            Future<Response> initiation = tpp.submit(() -> Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT,
                    headers(), Payments.body("32.00")));
            assertTrue(relay.awaitHeldSubmission(60), "the initiation submits the payment");
            long id = db.latestPaymentId();
            assertTrue(id > before);
            String self = Payments.path(BankSandboxResource.RELAYED, SCT) + "/" + id;
            Tpps.send(ALPHA, "DELETE", self, CANCEL, null).then().statusCode(204);
            assertEquals("WITHDRAWN", Await.until(() -> db.bankWithdrawal(id), s -> !"PENDING".equals(s),
                    "the lookup to find nothing yet"));
            assertNull(db.bankPaymentId(id));

            relay.releaseSubmissions();
            assertEquals(201, initiation.get(60, TimeUnit.SECONDS).statusCode());
            String copy = db.bankPaymentId(id);
            assertNotNull(copy, "the arrived copy is recorded");
            assertEquals("WITHDRAWN", Await.until(() -> db.bankWithdrawal(id), "WITHDRAWN"::equals,
                    "the arrived copy to be withdrawn"));
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

    /** Never reachable: the bounded attempts run out, and the row says so for an operator (README's query). */
    @Test
    void aWithdrawalThatNeverSucceedsIsGivenUpForAnOperator() throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = relay()) {
            Raced raced = cancelledWhileTheJobSubmits(relay, Cancellations.UNREACHABLE, Payments.body("26.00"));
            assertEquals("ABANDONED", Await.until(() -> db.bankWithdrawal(raced.id()), s -> !"PENDING".equals(s),
                    "the attempts to run out"));
            assertEquals(maxAttempts, db.withdrawalAttempts(raced.id()));
            assertNotNull(db.lastWithdrawalError(raced.id()));
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
            Await.until(() -> db.withdrawalAttempts(raced.id()), n -> n >= 1, "the first attempt");
            BankBrowser.approve(db.bankScaUrl(raced.id()), "psu1");
            BankApi.payment(raced.bankPaymentId()).then().body("transactionStatus", equalTo("ACSP"));

            relay.answerCancellations(Cancellations.FORWARD);
            assertEquals("ABANDONED", Await.until(() -> db.bankWithdrawal(raced.id()), s -> !"PENDING".equals(s),
                    "the job's next attempt"));
            assertTrue(db.withdrawalAttempts(raced.id()) < maxAttempts, "given up before the attempts ran out");
            assertTrue(db.abandonedWithdrawals().contains(raced.id()));
            assertEquals("CANC", status(raced.self()), "final states never change");
        }
    }
}
