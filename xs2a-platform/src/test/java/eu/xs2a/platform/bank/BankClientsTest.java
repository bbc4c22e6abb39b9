package eu.xs2a.platform.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The shared bank client over real HTTP to local banks ({@link TestBanks}): the translation of real answers, and
 * a circuit breaker and a bulkhead per provider, so that one failing or slow bank does not hold up another's calls.
 */
@QuarkusTest
@QuarkusTestResource(value = TestBanks.class, restrictToAnnotatedClass = true)
class BankClientsTest {

    @Inject BankClients banks;

    @ParameterizedTest(name = "bank {0} {1} → {2}")
    @CsvSource({
            "400, FORMAT_ERROR, SERVICE_INVALID",
            "409, STATUS_INVALID, SERVICE_INVALID",
            "422, CONSENT_INVALID, SERVICE_INVALID",
            "404, NOT_FOUND, SERVICE_UNAVAILABLE",
            "401, UNAUTHORIZED, SERVICE_UNAVAILABLE",
            "403, FORBIDDEN, SERVICE_UNAVAILABLE",
            "408, TIMEOUT, SERVICE_UNAVAILABLE",
            "429, TOO_MANY_REQUESTS, SERVICE_UNAVAILABLE",
            "500, INTERNAL_ERROR, SERVICE_UNAVAILABLE",
            "502, BAD_GATEWAY, SERVICE_UNAVAILABLE"})
    void aBankErrorAnswerBecomes(int status, String code, ErrorClass expected) {
        try (TestBank bank = TestBanks.bank("table").answering(status, code)) {
            Psd2Exception e = assertThrows(Psd2Exception.class, () -> probe("table"));
            assertEquals(expected, e.errorClass(), e.getMessage());
            assertEquals(expected == ErrorClass.SERVICE_UNAVAILABLE ? Integer.valueOf(5) : null,
                    e.retryAfterSeconds(), "a 503, and only a 503, tells the TPP when to ask again");
            assertEquals(1, bank.requests());
        }
    }

    @Test
    void theBankIsCalledWithTheProvidersCredentialAndItsAnswerComesBack() {
        try (TestBank bank = TestBanks.bank("table")) {
            assertEquals("{\"ok\":true}", probe("table"));
            assertEquals("Bearer table-credential", bank.lastAuthorization());
        }
    }

    /** Vert.x's client no longer checks header values (VertxHeaderValidation): RestClients' filter does. */
    @Test
    void aHeaderThatWouldSplitTheRequestIsNeverSent() {
        try (TestBank bank = TestBanks.bank("table")) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> banks.of("table", ProbeApi.class)
                    .call("probe", (api, auth) -> api.probe(auth + "\r\nX-Injected: yes")));
            assertEquals(0, bank.requests(), "nothing reached the bank: " + e);
            assertEquals("{\"ok\":true}", probe("table"), "a well-formed call goes through as before");
            assertEquals("Bearer table-credential", bank.lastAuthorization());
        }
    }

    @Test
    void aBankThatDoesNotListenIsServiceUnavailable() {
        Psd2Exception e = assertThrows(Psd2Exception.class, () -> probe("silent"));
        assertEquals(ErrorClass.SERVICE_UNAVAILABLE, e.errorClass());
        assertEquals(5, e.retryAfterSeconds());
    }

    @Test
    void aPortsOwnReadingOfACodeComesBeforeTheSharedTable() {
        BankRefusals specific = answered -> answered.is(404, "PAYMENT_UNKNOWN")
                ? new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "unknown payment") : null;
        try (TestBank bank = TestBanks.bank("table").answering(404, "PAYMENT_UNKNOWN")) {
            Psd2Exception e = assertThrows(Psd2Exception.class, () -> banks.of("table", ProbeApi.class)
                    .call("read the payment", (api, auth) -> api.probe(auth), specific));
            assertEquals(ErrorClass.RESOURCE_UNKNOWN, e.errorClass());
            bank.answering(404, "NOT_FOUND");
            e = assertThrows(Psd2Exception.class, () -> banks.of("table", ProbeApi.class)
                    .call("read the payment", (api, auth) -> api.probe(auth), specific));
            assertEquals(ErrorClass.SERVICE_UNAVAILABLE, e.errorClass(), "not the code it reads: the shared table's");
        }
    }

    @Test
    void anUnknownProviderIsResourceUnknown() {
        Psd2Exception e = assertThrows(Psd2Exception.class, () -> probe("nowhere"));
        assertEquals(ErrorClass.RESOURCE_UNKNOWN, e.errorClass());
    }

    @Test
    void aFailingBankOpensItsOwnCircuitOnlyAndRefusalsDoNotCount() {
        try (TestBank alpha = TestBanks.bank("alpha"); TestBank beta = TestBanks.bank("beta")) {
            // refusals are answers of a working bank: they never open the circuit
            alpha.answering(400, "FORMAT_ERROR");
            for (int i = 0; i < 6; i++) {
                assertEquals(ErrorClass.SERVICE_INVALID, assertThrows(Psd2Exception.class, () -> probe("alpha"))
                        .errorClass());
            }
            assertEquals(6, alpha.requests());

            // two failures make half of the window of four: open
            alpha.answering(503, "SERVICE_UNAVAILABLE");
            for (int i = 0; i < 2; i++) {
                assertEquals(ErrorClass.SERVICE_UNAVAILABLE, assertThrows(Psd2Exception.class, () -> probe("alpha"))
                        .errorClass());
            }
            assertEquals(8, alpha.requests());

            // now refused at once, the bank not asked, the same 503 with Retry-After for the TPP
            alpha.answering(200, "");
            Psd2Exception open = assertThrows(Psd2Exception.class, () -> probe("alpha"));
            assertEquals(ErrorClass.SERVICE_UNAVAILABLE, open.errorClass());
            assertEquals(5, open.retryAfterSeconds());
            assertInstanceOf(CallGuard.NotCalled.class, open.getCause());
            assertEquals(8, alpha.requests(), "the open circuit kept the call from the bank");

            // beta's circuit is its own: one failure in a window of successes leaves it closed
            beta.answering(503, "SERVICE_UNAVAILABLE");
            assertThrows(Psd2Exception.class, () -> probe("beta"));
            beta.answering(200, "");
            for (int i = 0; i < 5; i++) {
                assertEquals("{\"ok\":true}", probe("beta"));
            }
            assertEquals(6, beta.requests());
            assertThrows(Psd2Exception.class, () -> probe("alpha"));
            assertEquals(8, alpha.requests(), "alpha's stays open meanwhile");
        }
    }

    @Test
    void theBulkheadLimitsTheCallsInFlightPerProvider() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(2);
        try (TestBank gamma = TestBanks.bank("gamma"); TestBank delta = TestBanks.bank("delta")) {
            gamma.hold();
            List<Future<String>> inFlight = List.of(callers.submit(() -> probe("gamma")),
                    callers.submit(() -> probe("gamma")));
            assertTrue(gamma.awaitHeld(2), "both calls reached the slow bank");

            // a third call to gamma would wait for the slow bank too: refused at once, gamma not asked
            Psd2Exception full = assertThrows(Psd2Exception.class, () -> probe("gamma"));
            assertEquals(ErrorClass.SERVICE_UNAVAILABLE, full.errorClass());
            assertNotNull(full.retryAfterSeconds());
            assertInstanceOf(CallGuard.NotCalled.class, full.getCause());
            assertEquals(2, gamma.requests());

            // delta's bank is called as usual meanwhile
            assertEquals("{\"ok\":true}", probe("delta"));
            assertEquals(1, delta.requests());

            gamma.release();
            for (Future<String> call : inFlight) {
                assertEquals("{\"ok\":true}", call.get(10, TimeUnit.SECONDS));
            }
            assertEquals("{\"ok\":true}", probe("gamma"), "room again once the calls ended");
            assertEquals(3, gamma.requests());
        } finally {
            callers.shutdownNow();
        }
    }

    private String probe(String providerCode) {
        return banks.of(providerCode, ProbeApi.class).call("probe", (api, auth) -> api.probe(auth));
    }
}
