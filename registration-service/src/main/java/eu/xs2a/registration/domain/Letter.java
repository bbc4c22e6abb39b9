package eu.xs2a.registration.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * A confirmation letter in the outbox. It is written in the registration's transaction, together with the task that
 * sends it ({@code mail.LetterTask} on the task runtime), so a mail server that is down delays it but never loses it
 * or fails the registration. Attempts, backoff and the last error are the task's.
 */
@Entity
@Table(name = "letter_outbox")
public class Letter extends PanacheEntityBase {

    /** PENDING until sent; FAILED when its task was given up (kept, never deleted). */
    public enum Status { PENDING, SENT, FAILED }

    @Id
    public UUID id;

    public String recipient;

    public String subject;

    public String textBody;

    public String htmlBody;

    @Enumerated(EnumType.STRING)
    public Status status;

    public Instant createdAt;

    public Instant sentAt;

    public static Letter pending(String recipient, String subject, String textBody, String htmlBody, Instant now) {
        Letter letter = new Letter();
        letter.id = UUID.randomUUID();
        letter.recipient = recipient;
        letter.subject = subject;
        letter.textBody = textBody;
        letter.htmlBody = htmlBody;
        letter.status = Status.PENDING;
        letter.createdAt = now;
        return letter;
    }

    public void sent(Instant now) {
        if (status != Status.PENDING) {
            return; // already final
        }
        status = Status.SENT;
        sentAt = now;
    }

    /** Sending it was given up: kept as FAILED, never sent. */
    public void givenUp() {
        if (status == Status.PENDING) {
            status = Status.FAILED;
        }
    }
}
