package eu.xs2a.registration.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The outbox letter's retry rules: exponential backoff, capped; FAILED (kept) after the last attempt. */
class LetterTest {

    private static final Duration INITIAL = Duration.ofSeconds(30);
    private static final Duration MAX = Duration.ofMinutes(5);
    private final Instant now = Instant.parse("2026-01-01T10:00:00Z");

    @Test
    void eachFailureDoublesTheDelayUpToTheMaximum() {
        Letter letter = Letter.pending("a@b.example", "s", "t", "h", now);
        long[] expectedSeconds = {30, 60, 120, 240, 300, 300};
        for (long seconds : expectedSeconds) {
            letter.failed("connection refused", now, INITIAL, MAX, 100);
            assertEquals(now.plusSeconds(seconds), letter.nextAttemptAt);
            assertEquals(Letter.Status.PENDING, letter.status);
        }
        assertEquals(6, letter.attempts);
        assertEquals("connection refused", letter.lastError);
    }

    @Test
    void afterTheLastAttemptTheLetterIsKeptAsFailedAndNeverChangesAgain() {
        Letter letter = Letter.pending("a@b.example", "s", "t", "h", now);
        letter.failed("x", now, INITIAL, MAX, 2);
        letter.failed("y", now, INITIAL, MAX, 2);
        assertEquals(Letter.Status.FAILED, letter.status);
        letter.sent(now);
        assertEquals(Letter.Status.FAILED, letter.status);
        assertNull(letter.sentAt);
    }

    @Test
    void aSentLetterStaysSent() {
        Letter letter = Letter.pending("a@b.example", "s", "t", "h", now);
        letter.sent(now);
        letter.failed("late error", now, INITIAL, MAX, 100);
        assertEquals(Letter.Status.SENT, letter.status);
        assertEquals(0, letter.attempts);
        assertEquals("x".repeat(1000), errorOf("x".repeat(5000)));
    }

    private String errorOf(String error) {
        Letter letter = Letter.pending("a@b.example", "s", "t", "h", now);
        letter.failed(error, now, INITIAL, MAX, 100);
        return letter.lastError;
    }
}
