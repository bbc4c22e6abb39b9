package eu.xs2a.e2e.faults;

import static eu.xs2a.e2e.faults.FaultStack.CONSENT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.PAYMENT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.redirectUri;
import static eu.xs2a.e2e.faults.Gateway.assertStatus;
import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PAYMENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.e2e.faults.BankProxy.Call;
import eu.xs2a.e2e.journeys.Tpp;
import eu.xs2a.e2e.support.Eventually;
import eu.xs2a.e2e.support.Lanes;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Two instances each of consent-, account- and payment-service behind nginx, on the same databases
 * ({@link FaultStack#twoInstances}), as two replicas of a Deployment are. The background jobs of both take up the
 * same work, and each item reaches the bank exactly once (counted at the {@link BankProxy}, where every call the bank
 * received passes, and in the bank's database); the consent's daily unattended accesses are counted exactly across
 * both account-service instances.
 */
@ResourceLock(Lanes.OWN_STACKS)
@Tag("faults")
class TwoInstancesTest {

    private static final int ITEMS = 10;
    /** A bound for a broken stack only: the jobs retry a failed bank call after 2 to 4 s here. */
    private static final Duration JOBS_DONE = Duration.ofMinutes(1);

    private static FaultStack twins;
    private static ExecutorService clients;

    @BeforeAll
    static void startTheStack() {
        twins = FaultStack.twoInstances();
        clients = Executors.newFixedThreadPool(ITEMS);
    }

    @AfterAll
    static void stopTheClientsAndTheStack() {
        clients.shutdownNow();
        FaultStack.stopTwoInstances();
    }

    @AfterEach
    void healTheBank() {
        twins.healBanks();
    }

    /**
     * Consents created while the bank refused registrations wait as forwarding tasks; once it answers again, the jobs
     * of both consent-service instances register each one once.
     */
    @Test
    void consentsForwardedByTwoInstancesReachTheBankOnceEach() {
        Tpp tpp = twins.newTpp("Twin Consents", "PSP_AI");
        BankProxy bank = twins.bankOf(CONSENT_SERVICE);
        Predicate<Call> registrations = Call.is("POST", "/bank/v1/consents");
        bank.fail(registrations);
        List<String> consentIds = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            Response created = tpp.post(CONSENTS, Gateway.redirect(redirectUri("ok"), redirectUri("nok")),
                    Gateway.aisBody(PSU1_MAIN));
            assertStatus(201, created);
            consentIds.add(created.jsonPath().getString("consentId"));
        }
        long before = bank.passedOn(registrations);
        bank.fail(Call.nothing());

        for (String consentId : consentIds) {
            Eventually.within(JOBS_DONE, "consent " + consentId + " registered by a job",
                    () -> tpp.get(CONSENTS + "/" + consentId + "/status").jsonPath().getString("consentStatus"),
                    "received"::equals);
        }
        assertEquals(ITEMS, bank.passedOn(registrations) - before, "each consent registered once, by one instance");
        BankRecords atTheBank = twins.bankRecords();
        for (String consentId : consentIds) {
            assertEquals(1, atTheBank.consentsUnderKey(consentId), "consent " + consentId + " at the bank");
        }
        assertEquals(ITEMS, atTheBank.consentKeysOfTpp(tpp.organizationIdentifier()).size());
    }

    /**
     * Payments initiated while the bank refused submissions wait as submission tasks; once it answers again, the jobs
     * of both payment-service instances submit each one once.
     */
    @Test
    void paymentsSubmittedByTwoInstancesReachTheBankOnceEach() {
        Tpp tpp = twins.newTpp("Twin Payments", "PSP_PI");
        BankProxy bank = twins.bankOf(PAYMENT_SERVICE);
        Predicate<Call> submissions = Call.is("POST", "/bank/v1/payments");
        bank.fail(submissions);
        List<String> paymentIds = new ArrayList<>();
        List<String> endToEndIds = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            String endToEndId = "TWIN-PAY-" + UUID.randomUUID().toString().substring(0, 8);
            Response created = tpp.post(PAYMENTS, Gateway.redirect(redirectUri("paid"), redirectUri("nok")),
                    Gateway.paymentBody(PSU1_MAIN, "2.0" + i, endToEndId));
            assertStatus(201, created);
            assertEquals("RCVD", created.jsonPath().getString("transactionStatus"));
            paymentIds.add(created.jsonPath().getString("paymentId"));
            endToEndIds.add(endToEndId);
        }
        long before = bank.passedOn(submissions);
        bank.fail(Call.nothing());

        BankRecords atTheBank = twins.bankRecords();
        for (int i = 0; i < ITEMS; i++) {
            String endToEndId = endToEndIds.get(i);
            List<String> keys = Eventually.within(JOBS_DONE, "payment " + paymentIds.get(i) + " submitted by a job",
                    () -> atTheBank.paymentKeysWithEndToEndId(endToEndId), found -> !found.isEmpty());
            assertEquals(List.of(paymentIds.get(i)), keys, "one payment at the bank, under the gateway's id");
        }
        assertEquals(ITEMS, bank.passedOn(submissions) - before, "each payment submitted once, by one instance");
    }

    /**
     * frequencyPerDay 4 under 10 parallel unattended reads (no PSU-IP-Address), spread by nginx over both
     * account-service instances (and both consent-service instances behind their lookup): exactly 4 succeed, 6 get
     * 429 AccessExceeded.
     */
    @Test
    void frequencyPerDayIsExactAcrossTwoInstances() {
        Tpp tpp = twins.newTpp("Twin Budget", "PSP_AI");
        String consentId = twins.approvedAisConsent(tpp);
        // no read before: the four that pass are the consent's first, and fetch and store its accounts at once on
        // both instances (AccountDataWriter.storeAccounts takes its turn per TPP; it once deadlocked here)

        List<String> requestIds = new ArrayList<>();
        List<CompletableFuture<Response>> reads = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            String requestId = UUID.randomUUID().toString();
            requestIds.add(requestId);
            reads.add(CompletableFuture.supplyAsync(
                    () -> tpp.sendAs(requestId, "GET", ACCOUNTS, Map.of("Consent-Id", consentId), null), clients));
        }
        List<Response> answers = reads.stream().map(CompletableFuture::join).toList();
        assertEquals(2, requestIds.stream().map(twins::upstreamOf).distinct().count(),
                "the reads went to both account-service instances");

        assertEquals(4, answers.stream().filter(r -> r.statusCode() == 200).count(), statuses(answers));
        List<Response> refused = answers.stream().filter(r -> r.statusCode() != 200).toList();
        assertEquals(6, refused.size(), statuses(answers));
        for (Response r : refused) {
            assertEquals(429, r.statusCode(), r.asString());
            assertEquals("AccessExceeded", r.jsonPath().getString("error_text"), r.asString());
        }
    }

    private static String statuses(List<Response> answers) {
        return answers.stream().map(r -> r.statusCode() + " " + r.asString()).toList().toString();
    }
}
