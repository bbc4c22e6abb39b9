package eu.xs2a.registration.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * A confirmation letter in the outbox. It is written in the registration's transaction and sent later by
 * {@code LetterOutboxJob}, so a mail server that is down delays it but never loses it or fails the registration.
 */
@Entity
@Table(name = "letter_outbox")
public class Letter extends PanacheEntityBase {

    public enum Status { PENDING, SENT, FAILED }

    private static final int MAX_ERROR_LENGTH = 1000;

    @Id
    public UUID id;

    public String recipient;

    public String subject;

    @Column(name = "text_body")
    public String textBody;

    @Column(name = "html_body")
    public String htmlBody;

    @Enumerated(EnumType.STRING)
    public Status status;

    public int attempts;

    @Column(name = "next_attempt_at")
    public Instant nextAttemptAt;

    @Column(name = "last_error")
    public String lastError;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "sent_at")
    public Instant sentAt;

    public static Letter pending(String recipient, String subject, String textBody, String htmlBody, Instant now) {
        Letter letter = new Letter();
        letter.id = UUID.randomUUID();
        letter.recipient = recipient;
        letter.subject = subject;
        letter.textBody = textBody;
        letter.htmlBody = htmlBody;
        letter.status = Status.PENDING;
        letter.attempts = 0;
        letter.nextAttemptAt = now;
        letter.createdAt = now;
        return letter;
    }

    public void sent(Instant now) {
        if (status != Status.PENDING) {
            return; // already final
        }
        status = Status.SENT;
        sentAt = now;
        lastError = null;
    }

    /**
     * A failed attempt: retried after an exponential backoff (initial × 2^(attempts-1), capped), or kept as FAILED
     * after {@code maxAttempts}.
     */
    public void failed(String error, Instant now, Duration initialBackoff, Duration maxBackoff, int maxAttempts) {
        if (status != Status.PENDING) {
            return;
        }
        attempts++;
        lastError = error == null ? "unknown error"
                : error.length() > MAX_ERROR_LENGTH ? error.substring(0, MAX_ERROR_LENGTH) : error;
        if (attempts >= maxAttempts) {
            status = Status.FAILED;
            return;
        }
        nextAttemptAt = now.plus(backoff(attempts, initialBackoff, maxBackoff));
    }

    static Duration backoff(int attempts, Duration initial, Duration max) {
        int doublings = Math.min(attempts - 1, 30);
        Duration delay = initial.multipliedBy(1L << doublings);
        return delay.compareTo(max) > 0 ? max : delay;
    }
}
