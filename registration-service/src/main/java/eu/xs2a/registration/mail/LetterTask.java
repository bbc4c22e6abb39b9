package eu.xs2a.registration.mail;

import eu.xs2a.platform.task.NewTask;
import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskHandler;
import eu.xs2a.platform.task.TaskOutcome;
import eu.xs2a.registration.domain.Letter;
import eu.xs2a.registration.persistence.LetterRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.UUID;
import java.util.concurrent.CompletionException;

/**
 * Sends one letter of the outbox, on the task runtime (xs2a-platform README "Task runtime"): read the letter
 * (short transaction), hand it to the mail server (no transaction; at most {@code psd2.mail.timeout}), record it
 * sent (short transaction). A failure is retried with the runtime's backoff; a letter still unsent after
 * {@code psd2.tasks.give-up-after} is kept as FAILED. The runtime's log lines name the letter by its id, never by the
 * address: an e-mail address is personal data.
 */
@ApplicationScoped
public class LetterTask implements TaskHandler {

    public static final String TYPE = "registration-letter";

    @Inject LetterRepository letters;
    @Inject MailSender sender;
    @Inject Clock clock;

    /** The task that sends a letter (enqueued with it). */
    public static NewTask of(Letter letter) {
        return NewTask.of(TYPE, letter.id.toString());
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public TaskOutcome run(Task task) {
        UUID id = UUID.fromString(task.subject());
        Letter letter = QuarkusTransaction.requiringNew().call(() -> letters.findById(id));
        if (letter == null || letter.status != Letter.Status.PENDING) {
            return TaskOutcome.done();
        }
        try {
            sender.send(letter);
        } catch (RuntimeException e) {
            // the mailer wraps a checked failure (e.g. connection refused) in a CompletionException
            Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            return TaskOutcome.retry(cause.toString());
        }
        // a crash before this commit sends the letter again when the task runs again: at least once
        QuarkusTransaction.requiringNew().run(() -> letters.findById(id).sent(clock.instant()));
        return TaskOutcome.done();
    }

    @Override
    public void givenUp(Task task, String reason) {
        letters.findById(UUID.fromString(task.subject())).givenUp();
    }
}
