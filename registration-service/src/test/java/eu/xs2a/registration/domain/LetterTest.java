package eu.xs2a.registration.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The outbox letter's states: PENDING until sent, FAILED (kept) when its task was given up, each final. Retries and
 * their backoff are the task runtime's (xs2a-platform's BackoffTest).
 */
class LetterTest {

    private final Instant now = Instant.parse("2026-01-01T10:00:00Z");

    @Test
    void aLetterGivenUpIsKeptAsFailedAndNeverChangesAgain() {
        Letter letter = Letter.pending("a@b.example", "s", "t", "h", now);
        letter.givenUp();
        assertEquals(Letter.Status.FAILED, letter.status);
        letter.sent(now);
        assertEquals(Letter.Status.FAILED, letter.status);
        assertNull(letter.sentAt);
    }

    @Test
    void aSentLetterStaysSent() {
        Letter letter = Letter.pending("a@b.example", "s", "t", "h", now);
        letter.sent(now);
        letter.givenUp();
        assertEquals(Letter.Status.SENT, letter.status);
        assertEquals(now, letter.sentAt);
    }
}
