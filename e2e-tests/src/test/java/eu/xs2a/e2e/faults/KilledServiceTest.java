package eu.xs2a.e2e.faults;

import static eu.xs2a.e2e.faults.FaultStack.CONSENT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.PAYMENT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.redirectUri;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PAYMENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.faults.BankProxy.Call;
import eu.xs2a.e2e.journeys.Tpp;
import eu.xs2a.e2e.support.Eventually;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * kill -9 of a service while {@link #PARALLEL} TPP creations run through the ingress, then a restart: every creation
 * is there exactly once, at the gateway and at the bank, and a TPP that retries a request whose answer it lost (the
 * ingress's 503, which says the outcome is unknown) with the same X-Request-ID and body gets the one resource, never a
 * second. Each test holds the creations' bank calls at the {@link BankProxy} until all are in flight, kills the
 * service, lets the held calls reach the bank (the bank got them; only the caller died) and starts the service again.
 * The clients then retry as docs/ARCHITECTURE.md "Lost answers and safe retries" tells a TPP to: same id, same body,
 * after each answer's Retry-After.
 */
@Tag("faults")
class KilledServiceTest {

    private static final int PARALLEL = 10;
    /** A bound for a broken stack only: the killed run's claims end after psd2.replay.pending-timeout (60 s). */
    private static final Duration CATCH_UP = Duration.ofMinutes(2);

    private static FaultStack faults;
    private static ExecutorService clients;

    /** One TPP request: sent, lost, and sent again as it was. */
    private record Creation(String requestId, String path, Map<String, String> headers, String body) {

        Response send(Tpp tpp) {
            return tpp.sendAs(requestId, "POST", path, headers, body);
        }
    }

    @BeforeAll
    static void startTheStack() {
        faults = FaultStack.get();
        clients = Executors.newFixedThreadPool(PARALLEL);
    }

    @AfterAll
    static void stopTheClients() {
        clients.shutdownNow();
    }

    @AfterEach
    void healTheBank() {
        faults.healBanks();
    }

    /**
     * consent-service registers a new consent at the bank before it stores it: killed during the 10 registrations,
     * it stored none, while the bank registered all 10 under the ids of consents that now exist nowhere else (no
     * link leads to them). Each retry waits out the dead run's claim, then creates its consent: one at the bank
     * under its id, and every later retry gets the same consent back.
     */
    @Test
    void consentCreationsKilledMidCallExistOnceEach() throws Exception {
        Tpp tpp = faults.newTpp("Killed Consents", "PSP_AI");
        List<Creation> creations = new ArrayList<>();
        for (int i = 0; i < PARALLEL; i++) {
            creations.add(new Creation(UUID.randomUUID().toString(), CONSENTS,
                    Gateway.redirect(redirectUri("ok"), redirectUri("nok")), Gateway.aisBody(PSU1_MAIN)));
        }

        List<Response> answers = killDuring(CONSENT_SERVICE, Call.is("POST", "/bank/v1/consents"), tpp, creations);
        List<String> consentIds = createdOnce(tpp, creations, answers, "consentId");

        BankRecords bank = faults.bankRecords();
        for (String consentId : consentIds) {
            assertEquals(1, bank.consentsUnderKey(consentId), "consent " + consentId + " registered at the bank once");
            assertEquals("received", tpp.get(CONSENTS + "/" + consentId + "/status").jsonPath().getString("consentStatus"),
                    "the TPP's consent, waiting for its PSU");
        }
        List<String> atTheBank = bank.consentKeysOfTpp(tpp.organizationIdentifier());
        assertEquals(new HashSet<>(atTheBank).size(), atTheBank.size(), "no key twice at the bank: " + atTheBank);
        assertTrue(atTheBank.containsAll(consentIds), atTheBank.toString());
        // the killed run's registrations: at most one per request, for consents nobody holds a link to
        assertTrue(atTheBank.size() <= 2 * PARALLEL, atTheBank.toString());
    }

    /**
     * payment-service stores a payment with its kept 201 before it submits it: killed during the 10 submissions, it
     * answered none, the bank received all 10. Each retry gets its payment's 201 at once (the same paymentId), and
     * the bank holds exactly one payment per end-to-end id, under that paymentId. (That the restarted service's
     * second submission of such a payment, after the killed run's lease, finds it there is CrashMidCallTest's.)
     */
    @Test
    void paymentInitiationsKilledMidCallExistOnceEach() throws Exception {
        Tpp tpp = faults.newTpp("Killed Payments", "PSP_PI");
        List<Creation> creations = new ArrayList<>();
        List<String> endToEndIds = new ArrayList<>();
        for (int i = 0; i < PARALLEL; i++) {
            String endToEndId = "KILL-PAY-" + UUID.randomUUID().toString().substring(0, 8);
            endToEndIds.add(endToEndId);
            creations.add(new Creation(UUID.randomUUID().toString(), PAYMENTS,
                    Gateway.redirect(redirectUri("paid"), redirectUri("nok")),
                    Gateway.paymentBody(PSU1_MAIN, "1.0" + i, endToEndId)));
        }

        List<Response> answers = killDuring(PAYMENT_SERVICE, Call.is("POST", "/bank/v1/payments"), tpp, creations);
        List<String> paymentIds = createdOnce(tpp, creations, answers, "paymentId");

        BankRecords bank = faults.bankRecords();
        for (int i = 0; i < PARALLEL; i++) {
            String paymentId = paymentIds.get(i);
            String endToEndId = endToEndIds.get(i);
            List<String> keys = Eventually.within(CATCH_UP, "the released submission of " + paymentId + " at the bank",
                    () -> bank.paymentKeysWithEndToEndId(endToEndId), found -> !found.isEmpty());
            assertEquals(List.of(paymentId), keys, "one payment at the bank, under the gateway's id");
            assertEquals(1, bank.paymentsUnderKey(paymentId).size());
        }
    }

    /**
     * Sends the creations in parallel with their bank calls held, kills {@code module} once all are in flight, lets
     * the held calls reach the bank, restarts the service; returns what each client got.
     */
    private static List<Response> killDuring(String module, Predicate<Call> bankCalls, Tpp tpp, List<Creation> creations)
            throws InterruptedException {
        BankProxy bank = faults.bankOf(module);
        bank.hold(bankCalls);
        List<CompletableFuture<Response>> sent = new ArrayList<>();
        for (Creation creation : creations) {
            sent.add(CompletableFuture.supplyAsync(() -> creation.send(tpp), clients));
        }
        assertTrue(bank.awaitHeld(creations.size(), CATCH_UP), "not every creation reached the bank");
        faults.crash(module);
        bank.release();
        List<Response> answers = sent.stream().map(CompletableFuture::join).toList();
        faults.restart(module);
        return answers;
    }

    /**
     * What the clients got, then their retries: each lost answer is the ingress's 503 saying the outcome is unknown;
     * each retry with the same id and body ends in a 201, and a retry of a 201 gets that 201 again, byte for byte.
     * Returns the resources' ids, in the creations' order: one per request, none twice.
     */
    private static List<String> createdOnce(Tpp tpp, List<Creation> creations, List<Response> answers, String idField) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < creations.size(); i++) {
            Response first = answers.get(i);
            if (first.statusCode() != 201) {
                assertOutcomeUnknown(first);
            }
            Creation creation = creations.get(i);
            Response created = first.statusCode() == 201 ? first : retriedUntilAnswered(tpp, creation);
            assertEquals(201, created.statusCode(), created.asString());
            Response again = creation.send(tpp);
            assertEquals(201, again.statusCode(), again.asString());
            assertEquals(created.asString(), again.asString(), "the retry of a 201 gets that 201 again");
            ids.add(created.jsonPath().getString(idField));
        }
        Set<String> distinct = new HashSet<>(ids);
        assertEquals(creations.size(), distinct.size(), "one resource per request: " + ids);
        return ids;
    }

    /** The ingress's answer when the service died with the request (ingress/render-nginx, outcome-unknown). */
    private static void assertOutcomeUnknown(Response lost) {
        assertEquals(503, lost.statusCode(), lost.asString());
        assertEquals("5", lost.header("Retry-After"));
        assertEquals("ServiceUnavailable", lost.jsonPath().getString("error_text"));
        String message = lost.jsonPath().getString("error_message");
        assertTrue(message.contains("the outcome of this request is unknown")
                && message.contains("Retry only with the same X-Request-ID and the same body"), message);
    }

    /** A TPP's retries, each after the Retry-After of the 503 before it, until another answer or {@link #CATCH_UP}. */
    private static Response retriedUntilAnswered(Tpp tpp, Creation creation) {
        Instant deadline = Instant.now().plus(CATCH_UP);
        Function<Response, Long> retryAfter = r -> Long.parseLong(r.header("Retry-After"));
        Response answer = creation.send(tpp);
        while (answer.statusCode() == 503 && Instant.now().isBefore(deadline)) {
            try {
                Thread.sleep(Duration.ofSeconds(retryAfter.apply(answer)).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            answer = creation.send(tpp);
        }
        return answer;
    }
}
