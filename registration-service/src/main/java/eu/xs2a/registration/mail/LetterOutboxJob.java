package eu.xs2a.registration.mail;

import eu.xs2a.registration.domain.Letter;
import eu.xs2a.registration.domain.LetterOutbox;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.jboss.logging.Logger;

/**
 * Sends due letters from the outbox. Safe across replicas: letters are claimed with FOR UPDATE SKIP LOCKED and
 * leased; a failed attempt is retried with exponential backoff; nothing is ever deleted.
 */
@ApplicationScoped
public class LetterOutboxJob {

    private static final Logger LOG = Logger.getLogger(LetterOutboxJob.class);

    private final LetterOutbox outbox;
    private final MailSender sender;

    public LetterOutboxJob(LetterOutbox outbox, MailSender sender) {
        this.outbox = outbox;
        this.sender = sender;
    }

    @Scheduled(identity = "letter-outbox", every = "${psd2.mail.outbox.interval}", delayed = "1s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void run() {
        List<Letter> due;
        try {
            due = outbox.claimDue();
        } catch (RuntimeException e) {
            // database unreachable (or shutting down): the letters stay in the outbox for the next run
            LOG.warnf("Outbox not read this time: %s", e.toString());
            return;
        }
        for (Letter letter : due) {
            try {
                sender.send(letter);
                outbox.markSent(letter.id, letter.nextAttemptAt);
            } catch (RuntimeException e) {
                // the mailer wraps a checked failure (e.g. connection refused) in a CompletionException
                Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
                if (cause instanceof InterruptedException) {
                    // shutting down (the mailer has restored the interrupt flag): the rest waits for the next run
                    outbox.markFailed(letter.id, letter.nextAttemptAt, "interrupted");
                    return;
                }
                // the letter id, not the address: an e-mail address is personal data and this line repeats per attempt
                LOG.warnf("Letter %s not sent (attempt %d), will retry: %s", letter.id, letter.attempts + 1,
                        cause.toString());
                outbox.markFailed(letter.id, letter.nextAttemptAt, cause.toString());
            }
        }
    }
}
