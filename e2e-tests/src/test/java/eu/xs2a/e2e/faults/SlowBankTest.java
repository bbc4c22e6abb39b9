package eu.xs2a.e2e.faults;

import static eu.xs2a.e2e.faults.FaultStack.ACCOUNT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.CONSENT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.PAYMENT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.POOL;
import static eu.xs2a.e2e.faults.FaultStack.redirectUri;
import static eu.xs2a.e2e.faults.Gateway.assertStatus;
import static eu.xs2a.e2e.faults.Gateway.consent;
import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.FUNDS_CONFIRMATIONS;
import static eu.xs2a.e2e.support.BerlinGroup.PAYMENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.faults.BankProxy.Call;
import eu.xs2a.e2e.journeys.Tpp;
import eu.xs2a.e2e.support.Lanes;
import io.restassured.response.Response;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A bank that answers after 30 s holds no database connection. Each test sends more TPP requests that wait for the
 * bank than the service has connections ({@link FaultStack#POOL}), holds their bank calls at the {@link BankProxy}
 * for {@link #SLOW_BANK}, and while they wait asks the same service for something that needs its database, and
 * account-service for an account read (consent-service's consent lookup, {@code POST /internal/v1/consent-checks}).
 * A service that held a connection per waiting call would have none left: its answers would wait for the pool's
 * acquisition timeout and fail. When the bank finally answers, every waiting request gets its normal answer (the
 * services' bank read timeout is longer than 30 s here). The three tests hold different services' bank calls, each
 * at its own proxy, and run side by side ({@code @Execution(CONCURRENT)} on each). The class holds its lane's lock
 * shared ({@code READ}): an exclusive lock would make its methods run one after another; no other class of the lane
 * runs meanwhile, since each of those holds the lock exclusively.
 */
@ResourceLock(value = Lanes.OWN_STACKS, mode = ResourceAccessMode.READ)
@Tag("faults")
class SlowBankTest {

    /** How long the bank takes to answer the held calls (the other checks happen meanwhile). */
    private static final Duration SLOW_BANK = Duration.ofSeconds(30);
    /** One request more than the service has connections. */
    private static final int WAITING = POOL + 1;
    /** How long the waiting requests may take to reach the bank; a bound for a broken stack only. */
    private static final Duration TO_THE_BANK = Duration.ofSeconds(20);

    private static FaultStack faults;
    private static Tpp aisp;
    /** A valid AIS consent whose data account-service has stored: reading under it needs the lookup, not the bank. */
    private static String readableConsent;
    /**
     * A valid confirmation-of-funds consent, made before the tests: its registration at the bank would otherwise wait
     * behind the consent registrations another test holds.
     */
    private static Tpp piisp;
    private static String fundsConsent;
    private static ExecutorService requests;

    @BeforeAll
    static void startTheStack() {
        faults = FaultStack.get();
        requests = Executors.newCachedThreadPool();
        aisp = faults.newTpp("Slow Bank Budget", "PSP_AI");
        readableConsent = faults.approvedAisConsent(aisp);
        assertStatus(200, aisp.get(ACCOUNTS, consent(readableConsent)));
        piisp = faults.newTpp("Slow Bank Cards", "PSP_IC");
        fundsConsent = faults.approvedFundsConsent(piisp);
    }

    @AfterAll
    static void stopTheRequests() {
        requests.shutdownNow();
    }

    /** The proxy this test slows down; healed after it, leaving the other tests' proxies as they are. */
    private BankProxy bank;

    @AfterEach
    void healTheBank() {
        if (bank != null) {
            bank.heal();
        }
    }

    /**
     * consent-service: PSUs follow the links of consents the bank has not registered yet, so each click registers
     * its consent at the bank now ({@code ConsentForwarder}, with no lock or connection held during the call).
     */
    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void consentRegistrationsWaitingForTheBankLeaveConsentServiceItsConnections() throws Exception {
        Tpp tpp = faults.newTpp("Slow Bank Consents", "PSP_AI");
        bank = faults.bankOf(CONSENT_SERVICE);
        Predicate<Call> registrations = Call.is("POST", "/bank/v1/consents");
        bank.fail(registrations);
        List<String> links = new ArrayList<>();
        for (int i = 0; i < WAITING; i++) {
            Response created = tpp.post(CONSENTS, Gateway.redirect(redirectUri("ok"), redirectUri("nok")),
                    Gateway.aisBody(PSU1_MAIN));
            assertStatus(201, created);
            links.add(created.jsonPath().getString("_links.scaRedirect.href"));
        }
        bank.fail(Call.nothing());

        List<CompletableFuture<HttpResponse<String>>> clicks = new ArrayList<>();
        Instant slowSince = slowBank(bank, registrations, () -> links.forEach(link -> clicks.add(Gateway.click(link))));

        assertStatus(200, aisp.get(CONSENTS + "/" + readableConsent + "/status"));
        assertLookupAnswers();
        assertAllReachTheBank(bank);
        answerAfterTheDelay(bank, slowSince);

        for (CompletableFuture<HttpResponse<String>> click : clicks) {
            HttpResponse<String> answer = click.join();
            assertEquals(302, answer.statusCode(), answer::body);
            assertTrue(answer.headers().firstValue("Location").orElse("").contains("/sca/"),
                    "on to the bank's SCA page: " + answer.headers().map());
        }
    }

    /**
     * payment-service: the TPP cancels submitted payments, which the bank must cancel
     * ({@code PaymentService.cancelAtBank}, with no lock or connection held during the call).
     */
    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void cancellationsWaitingForTheBankLeavePaymentServiceItsConnections() throws Exception {
        Tpp tpp = faults.newTpp("Slow Bank Pay", "PSP_PI");
        List<String> payments = new ArrayList<>();
        for (int i = 0; i < WAITING + 1; i++) {
            Response created = initiate(tpp);
            assertStatus(201, created);
            payments.add(PAYMENTS + "/" + created.jsonPath().getString("paymentId"));
        }
        String untouched = payments.remove(WAITING);
        bank = faults.bankOf(PAYMENT_SERVICE);
        Predicate<Call> cancellations = Call.is("POST", "/bank/v1/payments/[^/]+/cancellations");

        List<CompletableFuture<Response>> deletes = new ArrayList<>();
        Instant slowSince = slowBank(bank, cancellations, () -> payments.forEach(payment ->
                deletes.add(inBackground(() -> tpp.delete(payment, Gateway.redirect(redirectUri("cancelled"),
                        redirectUri("nok")))))));

        Response authorisations = tpp.get(untouched + "/authorisations");
        assertStatus(200, authorisations);
        assertEquals(1, authorisations.jsonPath().getList("authorisationIds").size(), authorisations.asString());
        assertStatus(201, initiate(tpp)); // a new payment, submitted to the bank at once, while it is slow to cancel
        assertLookupAnswers();
        assertAllReachTheBank(bank);
        answerAfterTheDelay(bank, slowSince);

        for (int i = 0; i < WAITING; i++) {
            assertStatus(204, deletes.get(i).join());
            assertEquals("CANC", tpp.get(payments.get(i) + "/status").jsonPath().getString("transactionStatus"));
        }
    }

    /** account-service: funds confirmations, answered live by the bank. */
    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void fundsConfirmationsWaitingForTheBankLeaveAccountServiceItsConnections() throws Exception {
        bank = faults.bankOf(ACCOUNT_SERVICE);

        List<CompletableFuture<Response>> confirmations = new ArrayList<>();
        Instant slowSince = slowBank(bank, Call.is("POST", "/bank/v1/funds-checks"), () -> {
            for (int i = 0; i < WAITING; i++) {
                confirmations.add(inBackground(() -> piisp.post(FUNDS_CONFIRMATIONS, consent(fundsConsent),
                        Gateway.fundsBody(PSU1_MAIN, "1.00"))));
            }
        });

        assertLookupAnswers(); // account-service's own store and consent-service's lookup
        assertAllReachTheBank(bank);
        answerAfterTheDelay(bank, slowSince);

        for (CompletableFuture<Response> confirmation : confirmations) {
            Response answer = confirmation.join();
            assertStatus(200, answer);
            assertEquals(true, answer.jsonPath().getBoolean("fundsAvailable"), answer.asString());
        }
    }

    /**
     * Holds the bank's answers to {@code calls}, sends the waiting requests, and returns once as many of them are
     * waiting for the bank as the service has connections (when the slow bank's time starts).
     */
    private static Instant slowBank(BankProxy bank, Predicate<Call> calls, Runnable sendWaitingRequests)
            throws InterruptedException {
        bank.hold(calls);
        sendWaitingRequests.run();
        assertTrue(bank.awaitHeld(POOL, TO_THE_BANK), "fewer than " + POOL + " requests reached the bank");
        return Instant.now();
    }

    /** Every waiting request reaches the bank: none waits for a connection. */
    private static void assertAllReachTheBank(BankProxy bank) throws InterruptedException {
        assertTrue(bank.awaitHeld(WAITING, TO_THE_BANK), "only some of the " + WAITING
                + " requests reached the bank; the others are waiting for a database connection");
    }

    /** The 30 s of the slow bank, then its answers. */
    private static void answerAfterTheDelay(BankProxy bank, Instant slowSince) throws InterruptedException {
        Duration left = Duration.between(Instant.now(), slowSince.plus(SLOW_BANK));
        if (!left.isNegative()) {
            Thread.sleep(left.toMillis());
        }
        bank.release();
    }

    /** An account read under the valid consent: account-service's store and consent-service's lookup both answer. */
    private static void assertLookupAnswers() {
        Response accounts = aisp.get(ACCOUNTS, consent(readableConsent));
        assertStatus(200, accounts);
        assertTrue(accounts.jsonPath().getList("accounts.iban").contains(PSU1_MAIN), accounts.asString());
    }

    private static Response initiate(Tpp tpp) {
        return tpp.post(PAYMENTS, Gateway.redirect(redirectUri("paid"), redirectUri("nok")),
                Gateway.paymentBody(PSU1_MAIN, "2.00", "SLOW-" + UUID.randomUUID().toString().substring(0, 8)));
    }

    private static <T> CompletableFuture<T> inBackground(Supplier<T> request) {
        return CompletableFuture.supplyAsync(request, requests);
    }
}
