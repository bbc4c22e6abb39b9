package eu.xs2a.account;

import static eu.xs2a.account.support.Calls.P;
import static eu.xs2a.account.support.Calls.error;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.account.consent.ConsentCheckRequest;
import eu.xs2a.account.consent.ConsentLookup;
import eu.xs2a.account.support.Calls;
import eu.xs2a.account.support.Tpps;
import eu.xs2a.account.support.UnreliableLookupResource;
import eu.xs2a.testsupport.TestPkiResource;
import io.quarkus.test.common.QuarkusTestResource;
import eu.xs2a.platform.error.Psd2Exception;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * How account-service treats its consent lookup when the lookup misbehaves: only consent errors reach the TPP as
 * they are; an unreachable, slow or failing consent-service is 503 with Retry-After, and a refusal of our own call
 * (our service token) or an unreadable answer is our error, never a pass.
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UnreliableLookupResource.class, restrictToAnnotatedClass = true)
class ConsentLookupFailuresTest {

    private static final String CONSENT = "consent-of-the-lookup-test";

    @Inject ConsentLookup lookup;

    private static Response accounts() {
        return Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", CONSENT);
    }

    @Test
    void theLookupIsAskedWithTheServiceTokenAndTheCallsFacts() throws Exception {
        UnreliableLookupResource.answer(401, ErrorBodies.of("CONSENT_UNKNOWN", "ConsentUnknown", "no such consent"), 0);
        error(accounts(), 401, "ConsentUnknown");
        UnreliableLookupResource.Received sent = UnreliableLookupResource.last();
        assertTrue(sent.authorization().startsWith("Bearer ey"), sent.authorization());
        assertTrue(sent.contentType().startsWith("application/json"), sent.contentType());
        JsonNode question = new ObjectMapper().readTree(sent.body());
        assertEquals("sandbox", question.path("providerCode").asText());
        assertEquals(Tpps.ALPHA.tppId(), question.path("tppId").asText());
        assertEquals(CONSENT, question.path("consentId").asText());
        assertEquals("AIS", question.path("purpose").asText());
        assertEquals("accounts", question.path("resource").asText());
        assertTrue(question.path("psuPresent").asBoolean(), "PSU-IP-Address was sent");
    }

    /**
     * With psd2.consent-lookup.present-answers-for set (opt-in; 500 ms here), a yes to a PSU-present question is
     * reused for the same question, so that a PSU's burst of reads asks once; an unattended question (it counts) and a refusal are
     * asked every time, and after that time the question is asked again. (Own consent ids: no other test's question.)
     */
    @Test
    void onlyAPsuPresentYesIsReusedAndOnlyBriefly() throws Exception {
        String consent = "consent-of-the-reuse-test";
        ConsentCheckRequest present = new ConsentCheckRequest("sandbox", Tpps.ALPHA.tppId(), consent, "AIS", "accounts",
                null, true);
        ConsentCheckRequest unattended = new ConsentCheckRequest("sandbox", Tpps.ALPHA.tppId(), consent, "AIS",
                "accounts", null, false);
        UnreliableLookupResource.answer(200, "{\"consentId\":\"" + consent
                + "\",\"consentStatus\":\"valid\",\"aspspConsentId\":\"bank-1\"}", 0);
        Duration reuse = Duration.ofMillis(UnreliableLookupResource.PRESENT_ANSWERS_FOR_MILLIS);

        int asked = UnreliableLookupResource.asked();
        long start = System.nanoTime();
        assertEquals("valid", lookup.check(present).consentStatus());
        assertEquals("bank-1", lookup.check(present).aspspConsentId());
        if (System.nanoTime() - start < reuse.toNanos()) {
            assertEquals(asked + 1, UnreliableLookupResource.asked(), "the second PSU-present question was answered here");
        }
        asked = UnreliableLookupResource.asked();
        lookup.check(unattended);
        lookup.check(unattended);
        assertEquals(asked + 2, UnreliableLookupResource.asked(), "an unattended question counts: asked every time");

        Thread.sleep(reuse.toMillis() + 100);
        asked = UnreliableLookupResource.asked();
        lookup.check(present);
        assertEquals(asked + 1, UnreliableLookupResource.asked(), "asked again once the reuse time is over");

        ConsentCheckRequest refused = new ConsentCheckRequest("sandbox", Tpps.ALPHA.tppId(), "consent-of-the-refusal-test",
                "AIS", "accounts", null, true);
        UnreliableLookupResource.answer(401, ErrorBodies.of("CONSENT_INVALID", "ConsentInvalid", "revokedByPsu"), 0);
        asked = UnreliableLookupResource.asked();
        assertThrows(Psd2Exception.class, () -> lookup.check(refused));
        assertThrows(Psd2Exception.class, () -> lookup.check(refused));
        assertEquals(asked + 2, UnreliableLookupResource.asked(), "a refusal is never reused");
    }

    @Test
    void consentErrorsArePassedOnWithTheirStatusAndMessage() {
        UnreliableLookupResource.answer(429, ErrorBodies.of("ACCESS_EXCEEDED", "AccessExceeded", "today's are used"), 0);
        error(accounts(), 429, "AccessExceeded");
        accounts().then().body("error_message", equalTo("today's are used"));
        UnreliableLookupResource.answer(401, ErrorBodies.of("CONSENT_EXPIRED", "ConsentExpired", "expired"), 0);
        error(accounts(), 401, "ConsentExpired");
    }

    @Test
    void aFailingOrSlowConsentServiceIsServiceUnavailableWithRetryAfter() {
        UnreliableLookupResource.answer(500, "", 0);
        error(accounts(), 503, "ServiceUnavailable");
        accounts().then().header("Retry-After", notNullValue());
        UnreliableLookupResource.answer(200, "{}", UnreliableLookupResource.READ_TIMEOUT_MILLIS + 1_000);
        error(accounts(), 503, "ServiceUnavailable");
    }

    /**
     * More refreshes at once than the service has database connections, while the lookup takes its time: none may
     * hold a connection across the lookup, or each would wait for a second one until the pool's timeout. One refresh
     * starts, every other is "already running"; none is a 5xx.
     */
    @Test
    void moreRefreshesAtOnceThanConnectionsNeverExhaustThePool() throws Exception {
        String consent = "consent-of-the-refresh-race";
        UnreliableLookupResource.answer(200, "{\"consentId\":\"" + consent
                + "\",\"consentStatus\":\"valid\",\"aspspConsentId\":\"bank-race\"}", 300);
        int requests = 40; // account-service has 16 connections
        ExecutorService threads = Executors.newFixedThreadPool(requests);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Response>> answers = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                answers.add(threads.submit(() -> {
                    start.await();
                    return Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", consent, "{\"initiatedByCustomer\": true}");
                }));
            }
            start.countDown();
            Map<Integer, Integer> statuses = new TreeMap<>();
            for (Future<Response> answer : answers) {
                statuses.merge(answer.get(1, TimeUnit.MINUTES).statusCode(), 1, Integer::sum);
            }
            assertEquals(Map.of(200, 1, 406, requests - 1), statuses);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aRefusalOfOurOwnCallOrAnUnreadableAnswerIsOurErrorNeverAPass() {
        UnreliableLookupResource.answer(401, ErrorBodies.of("TOKEN_INVALID", "AccessDenied", "bad service token"), 0);
        error(accounts(), 500, "InternalError");
        UnreliableLookupResource.answer(400, ErrorBodies.of("FORMAT_ERROR", "FormatError", "psuPresent is required"), 0);
        error(accounts(), 500, "InternalError");
        UnreliableLookupResource.answer(200, "not json", 0);
        error(accounts(), 500, "InternalError");
    }

    /** The standard error body as consent-service writes it. */
    private static final class ErrorBodies {
        static String of(String code, String text, String message) {
            return "{\"tppMessages\":[{\"category\":\"ERROR\",\"code\":\"" + code + "\",\"text\":\"" + message + "\"}],"
                    + "\"error_code\":\"" + code + "\",\"error_text\":\"" + text + "\",\"error_message\":\"" + message + "\"}";
        }
    }
}
