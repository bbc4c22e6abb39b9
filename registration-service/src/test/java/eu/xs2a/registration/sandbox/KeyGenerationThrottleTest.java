package eu.xs2a.registration.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.registration.config.SandboxConfig;
import eu.xs2a.testsupport.SettingsCheck;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The throttle's arithmetic, with a clock the test moves: bursts, refills, Retry-After, bounded memory. */
class KeyGenerationThrottleTest {

    /** A clock that stands still until moved. */
    private static final class TestClock extends Clock {
        private Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    private final TestClock clock = new TestClock();

    private KeyGenerationThrottle throttle(int perClientBurst, Duration perClientRefill, int globalBurst,
                                           Duration globalRefill, int maxClients) {
        String prefix = "psd2.sandbox.key-generation.";
        SandboxConfig config = SettingsCheck.read(SandboxConfig.class, Map.of(
                prefix + "per-client-burst", String.valueOf(perClientBurst),
                prefix + "per-client-refill", perClientRefill.toString(),
                prefix + "global-burst", String.valueOf(globalBurst),
                prefix + "global-refill", globalRefill.toString(),
                prefix + "max-clients", String.valueOf(maxClients)));
        return new KeyGenerationThrottle(config, clock);
    }

    private static int refusedAfter(KeyGenerationThrottle throttle, String client) {
        Psd2Exception refused = assertThrows(Psd2Exception.class, () -> throttle.acquire(client));
        assertEquals(ErrorClass.ACCESS_EXCEEDED, refused.errorClass());
        return refused.retryAfterSeconds();
    }

    @Test
    void aBurstIsServedThenOneRequestPerRefill() {
        KeyGenerationThrottle throttle = throttle(3, Duration.ofSeconds(10), 100, Duration.ofMillis(1), 10);
        for (int i = 0; i < 3; i++) {
            throttle.acquire("a");
        }
        assertEquals(10, refusedAfter(throttle, "a"));
        clock.advance(Duration.ofSeconds(9));
        assertEquals(1, refusedAfter(throttle, "a"));
        clock.advance(Duration.ofSeconds(1));
        throttle.acquire("a");
        assertEquals(10, refusedAfter(throttle, "a"));
        // a long pause refills the bucket to its burst, never beyond
        clock.advance(Duration.ofHours(1));
        for (int i = 0; i < 3; i++) {
            throttle.acquire("a");
        }
        assertEquals(10, refusedAfter(throttle, "a"));
    }

    @Test
    void aRetryAfterIsRoundedUpToWholeSeconds() {
        KeyGenerationThrottle throttle = throttle(1, Duration.ofMillis(2500), 100, Duration.ofMillis(1), 10);
        throttle.acquire("a");
        assertEquals(3, refusedAfter(throttle, "a"));
        clock.advance(Duration.ofMillis(2000));
        assertEquals(1, refusedAfter(throttle, "a"));
    }

    @Test
    void aRefusalByTheInstanceBucketTakesNothingFromTheClients() {
        KeyGenerationThrottle throttle = throttle(2, Duration.ofMinutes(1), 2, Duration.ofSeconds(30), 10);
        throttle.acquire("a");
        throttle.acquire("b");
        assertEquals(30, refusedAfter(throttle, "a"));
        assertEquals(30, refusedAfter(throttle, "a"));
        clock.advance(Duration.ofSeconds(30));
        throttle.acquire("a"); // its own bucket still had a token: the refusals above took none
        assertEquals(30, refusedAfter(throttle, "c"));
    }

    @Test
    void clientsBeyondTheBoundAreHeldByTheInstanceBucketAndFullBucketsAreDropped() {
        KeyGenerationThrottle throttle = throttle(1, Duration.ofMinutes(1), 100, Duration.ofMillis(1), 2);
        throttle.acquire("a");
        throttle.acquire("b");
        // no room for c's bucket: c is not tracked, so the instance's bucket alone holds it
        throttle.acquire("c");
        throttle.acquire("c");
        assertTrue(refusedAfter(throttle, "a") > 0);
        // once a's and b's buckets are full again they are dropped, and c is tracked from then on
        clock.advance(Duration.ofMinutes(1));
        throttle.acquire("c");
        assertEquals(60, refusedAfter(throttle, "c"));
    }
}
