package eu.xs2a.e2e.faults;

import static eu.xs2a.e2e.faults.FaultStack.ACCOUNT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.CONSENT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.PAYMENT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.REGISTRATION_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.redirectUri;
import static eu.xs2a.e2e.faults.Gateway.assertStatus;
import static eu.xs2a.e2e.faults.Gateway.consent;
import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.FUNDS_CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PAYMENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static eu.xs2a.e2e.support.BerlinGroup.path;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.faults.BankProxy.Call;
import eu.xs2a.e2e.journeys.Tpp;
import eu.xs2a.e2e.support.BankDays;
import eu.xs2a.e2e.support.BerlinGroup;
import eu.xs2a.e2e.support.Eventually;
import eu.xs2a.e2e.support.Lanes;
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
import java.util.function.IntFunction;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * kill -9 of each service that creates something while {@link #PARALLEL} TPP requests run through the ingress, then a
 * restart: every creation is there exactly once, at the gateway and at the bank, and a TPP that retries a request whose
 * answer it lost (the ingress's 503, which says the outcome is unknown) with the same X-Request-ID and body gets the
 * one resource, never a second. Each test holds the requests in flight until all are (their bank calls at the
 * {@link BankProxy}; registration-service, which calls no bank, at a {@link TableLock}), kills the service, lets the
 * held calls go on (the bank got them; only the caller died) and starts the service again. The clients then retry as
 * docs/ARCHITECTURE.md "Lost answers and safe retries" tells a TPP to: same id, same body, after each answer's
 * Retry-After.
 */
@ResourceLock(Lanes.OWN_STACKS)
@Tag("faults")
class KilledServiceTest {

    private static final int PARALLEL = 10;
    /**
     * A bound for a broken stack only: the killed run's tasks are taken up again once their lease ran out
     * (FaultStack.LEASE, 60 s), its unanswered claims after psd2.replay.pending-timeout.
     */
    private static final Duration CATCH_UP = Duration.ofMinutes(2);
    private static final String BG_REGISTER = "/api/berlingroup/v1/tpp/register";
    private static final String BG_TPP = "/api/berlingroup/v1/tpp";
    /** Unattended first reads under one consent killed while its data is fetched; below its frequencyPerDay (4). */
    private static final int FIRST_READS = 3;
    private static final int FREQUENCY_PER_DAY = 4;

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
     * consent-service stores a new consent with its kept 201 before it registers it at the bank: killed during the 10
     * registrations (AIS and confirmation-of-funds consents), it answered none, the bank registered all 10. Each retry
     * gets its consent's 201 at once; once the killed run's forwarding tasks are taken up again, each consent is
     * received, registered at the bank exactly once under its id, and the bank holds no consent the gateway does not.
     */
    @Test
    void consentCreationsKilledMidCallExistOnceEach() throws Exception {
        Tpp tpp = faults.newTpp("Killed Consents", "PSP_AI", "PSP_IC");
        List<Creation> creations = new ArrayList<>();
        for (int i = 0; i < PARALLEL; i++) {
            boolean ais = i % 2 == 0;
            creations.add(new Creation(UUID.randomUUID().toString(), ais ? CONSENTS : FUNDS_CONSENTS,
                    Gateway.redirect(redirectUri("ok"), redirectUri("nok")),
                    ais ? Gateway.aisBody(PSU1_MAIN) : Gateway.fundsConsentBody(PSU1_MAIN)));
        }

        List<Response> answers = killDuring(CONSENT_SERVICE, Call.is("POST", "/bank/v1/consents"), tpp, creations);
        List<String> consentIds = createdOnce(i -> tpp, creations, answers, "consentId", 201);

        BankRecords bank = faults.bankRecords();
        for (int i = 0; i < PARALLEL; i++) {
            String consentId = consentIds.get(i);
            String status = creations.get(i).path() + "/" + consentId + "/status";
            assertEquals("received", Eventually.within(CATCH_UP, "consent " + consentId + " registered after the restart",
                    () -> tpp.get(status).jsonPath().getString("consentStatus"), s -> !"accepted".equals(s)),
                    "the TPP's consent, waiting for its PSU");
            assertEquals(1, bank.consentsUnderKey(consentId), "consent " + consentId + " registered at the bank once");
        }
        List<String> atTheBank = bank.consentKeysOfTpp(tpp.organizationIdentifier());
        assertEquals(new HashSet<>(consentIds), new HashSet<>(atTheBank),
                "the bank holds the TPP's consents and no other: " + atTheBank);
        assertEquals(PARALLEL, atTheBank.size(), "no consent twice at the bank: " + atTheBank);
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
        List<String> paymentIds = createdOnce(i -> tpp, creations, answers, "paymentId", 201);

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
     * registration-service calls no bank: 10 TPPs' registrations are held in their transaction (their X-Request-IDs
     * claimed, their TPP rows not yet inserted) by a lock on {@code tpp}, and the service is killed. Each retry waits
     * out its dead run's claim (psd2.replay.pending-timeout) and registers the TPP; a retry of that answer gets it
     * again; each TPP is registered once, with its one certificate.
     */
    @Test
    void registrationsKilledMidTransactionExistOnceEach() throws Exception {
        List<Tpp> tpps = new ArrayList<>();
        List<Creation> creations = new ArrayList<>();
        for (int i = 0; i < PARALLEL; i++) {
            // a TPP of its own for each registration (certificate requests are not throttled)
            Tpp tpp = faults.newTpp("Killed Registration " + i, "PSP_AI");
            tpps.add(tpp);
            creations.add(new Creation(UUID.randomUUID().toString(), BG_REGISTER, Map.of(), registrationBody(tpp)));
        }

        List<CompletableFuture<Response>> sent = new ArrayList<>();
        try (TableLock lock = faults.lockTable("registration", "tpp")) {
            for (int i = 0; i < PARALLEL; i++) {
                Tpp tpp = tpps.get(i);
                Creation creation = creations.get(i);
                sent.add(CompletableFuture.supplyAsync(() -> creation.send(tpp), clients));
            }
            Eventually.within(CATCH_UP, "every registration waiting to insert its TPP", lock::waiting,
                    waiting -> waiting >= PARALLEL);
            faults.crash(REGISTRATION_SERVICE);
        }
        List<Response> answers = sent.stream().map(CompletableFuture::join).toList();
        faults.restart(REGISTRATION_SERVICE);

        List<String> ids = createdOnce(tpps::get, creations, answers, "id", 200);
        for (int i = 0; i < PARALLEL; i++) {
            Tpp tpp = tpps.get(i);
            assertEquals(tpp.organizationIdentifier(), ids.get(i));
            Response record = tpp.get(BG_TPP);
            assertStatus(200, record);
            assertEquals(List.of(tpp.serialHex()), record.jsonPath().getList("certificates.serial"),
                    "one registration with its one certificate");
        }
    }

    /**
     * account-service killed while {@link #FIRST_READS} unattended first reads under one consent and a refresh under
     * another wait for the bank's account list. The lost reads are the ingress's 503; read again after the restart,
     * the consent's data is fetched and served, and only the served reads counted: exactly frequencyPerDay (4) of them
     * pass, the fifth is AccessExceeded. The refresh the TPP was answered for is taken up again and finishes, and the
     * payment the bank booked before it shows once in the TPP's transactions.
     */
    @Test
    void accountReadsAndARefreshKilledMidFetchAreServedOnce() throws Exception {
        Tpp tpp = faults.newTpp("Killed Accounts", "PSP_AI", "PSP_PI");
        String unread = faults.approvedAisConsent(tpp);
        String refreshed = faults.approvedAisConsent(tpp);
        String account = tpp.get(ACCOUNTS, consent(refreshed)).jsonPath() // the first read fetches and stores
                .getString("accounts.find { it.iban == '" + PSU1_MAIN + "' }.resourceId");
        assertNotNull(account);
        String endToEndId = bookedAfterTheFetch(tpp);
        Map<String, String> unattended = Map.of("Consent-Id", unread);

        BankProxy bank = faults.bankOf(ACCOUNT_SERVICE);
        bank.hold(Call.is("GET", "/bank/v1/consents/[^/]+/accounts"));
        List<CompletableFuture<Response>> reads = new ArrayList<>();
        for (int i = 0; i < FIRST_READS; i++) {
            reads.add(CompletableFuture.supplyAsync(() -> tpp.get(ACCOUNTS, unattended), clients));
        }
        Response refresh = tpp.post(ACCOUNTS + "/refresh", consent(refreshed), "{\"initiatedByCustomer\": true}");
        assertStatus(200, refresh);
        String refreshStatus = path(refresh.jsonPath().getString("_links.refreshStatus.href"));
        assertTrue(bank.awaitHeld(FIRST_READS + 1, CATCH_UP), "not every read and refresh reached the bank");
        faults.crash(ACCOUNT_SERVICE);
        bank.release();
        List<Response> lost = reads.stream().map(CompletableFuture::join).toList();
        faults.restart(ACCOUNT_SERVICE);

        for (Response read : lost) {
            assertEquals(503, read.statusCode(), read.asString());
            assertEquals("5", read.header("Retry-After"));
            assertEquals("ServiceUnavailable", read.jsonPath().getString("error_text"));
        }
        for (int i = 0; i < FREQUENCY_PER_DAY; i++) {
            Response read = tpp.get(ACCOUNTS, unattended);
            assertStatus(200, read);
            assertTrue(read.jsonPath().getList("accounts.iban").contains(PSU1_MAIN), read.asString());
        }
        Response exceeded = tpp.get(ACCOUNTS, unattended);
        assertEquals(429, exceeded.statusCode(), exceeded.asString());
        assertEquals("AccessExceeded", exceeded.jsonPath().getString("error_text"));

        assertEquals("fetchingFinished", Eventually.within(CATCH_UP, "the refresh finishing after the restart",
                () -> tpp.get(refreshStatus, consent(refreshed)).jsonPath().getString("status"),
                status -> !List.of("notInitiated", "processing", "fetching").contains(status)));
        Response booked = tpp.get(ACCOUNTS + "/" + account + "/transactions?bookingStatus=booked&dateFrom="
                + BankDays.today(BerlinGroup.PROVIDER).minusDays(1) + "&size=100", consent(refreshed));
        assertStatus(200, booked);
        List<String> ids = booked.jsonPath().getList("transactions.booked.transactionId");
        assertEquals(ids.size(), ids.stream().distinct().count(), "a transaction listed twice: " + ids);
        List<String> ours = booked.jsonPath().getList("transactions.booked.findAll { it.endToEndId == '" + endToEndId
                + "' }.transactionId");
        assertEquals(1, faults.bankRecords().debitsWithEndToEndId(endToEndId).size(), "the bank booked the payment once");
        assertEquals(1, ours.size(), "the bank's one booking of the payment, once for the TPP: " + ids);
        // nothing left running: the TPP can refresh again
        assertStatus(200, tpp.post(ACCOUNTS + "/refresh", consent(refreshed), "{\"initiatedByCustomer\": true}"));
    }

    /** A payment from psu1's main account, executed at the bank: a booking only a refresh brings; its end-to-end id. */
    private static String bookedAfterTheFetch(Tpp tpp) {
        String endToEndId = "KILL-REF-" + UUID.randomUUID().toString().substring(0, 8);
        Response paid = tpp.post(PAYMENTS, Gateway.redirect(redirectUri("paid"), redirectUri("nok")),
                Gateway.paymentBody(PSU1_MAIN, "1.23", endToEndId));
        assertStatus(201, paid);
        FaultStack.browser().approveAll(paid.jsonPath().getString("_links.scaRedirect.href"), "psu1");
        String payment = PAYMENTS + "/" + paid.jsonPath().getString("paymentId") + "/status";
        assertEquals("ACSC", Eventually.within(CATCH_UP, "the payment settling",
                () -> tpp.get(payment).jsonPath().getString("transactionStatus"),
                status -> List.of("ACSC", "ACCC", "RJCT", "CANC").contains(status)));
        return endToEndId;
    }

    private static String registrationBody(Tpp tpp) {
        return """
                {"company": {"name": "%1$s", "email": "office@killed.example", "address": "Hauptstrasse 1",
                             "phone_number": "+49 30 1234567", "zip_code": "10115", "city": "Berlin"},
                 "representative": {"name": "Kim Killed", "email": "kim@killed.example"},
                 "certificate": {"name": "%1$s qseal", "type": "qseal"}}
                """.formatted(tpp.name());
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
     * each retry with the same id and body ends in {@code createdStatus} (201, or registration's 200), and a retry of
     * that answer gets it again, byte for byte. {@code senders}: the TPP of each creation. Returns the resources' ids,
     * in the creations' order: one per request, none twice.
     */
    private static List<String> createdOnce(IntFunction<Tpp> senders, List<Creation> creations, List<Response> answers,
                                            String idField, int createdStatus) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < creations.size(); i++) {
            Tpp tpp = senders.apply(i);
            Response first = answers.get(i);
            if (first.statusCode() != createdStatus) {
                assertOutcomeUnknown(first);
            }
            Creation creation = creations.get(i);
            Response created = first.statusCode() == createdStatus ? first : retriedUntilAnswered(tpp, creation);
            assertEquals(createdStatus, created.statusCode(), created.asString());
            Response again = creation.send(tpp);
            assertEquals(createdStatus, again.statusCode(), again.asString());
            assertEquals(created.asString(), again.asString(), "the retry of the answer gets that answer again");
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
