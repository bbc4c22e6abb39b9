package eu.xs2a.registration.domain;

import eu.xs2a.registration.config.MailConfig;
import eu.xs2a.registration.persistence.LetterRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The outbox's state changes, each in its own short transaction: claim due letters (leasing them so that no
 * other replica sends them meanwhile), then record the outcome of each attempt.
 */
@ApplicationScoped
public class LetterOutbox {

    private final LetterRepository letters;
    private final MailConfig.Outbox config;
    private final Clock clock;

    public LetterOutbox(LetterRepository letters, MailConfig mail, Clock clock) {
        this.letters = letters;
        this.config = mail.outbox();
        this.clock = clock;
    }

    /** Claims due letters: they become due again only after the lease, should this replica die while sending. */
    @Transactional
    public List<Letter> claimDue() {
        Instant now = clock.instant();
        List<Letter> due = letters.lockDue(now, config.batchSize());
        Instant leaseUntil = now.plus(config.lease());
        due.forEach(letter -> letter.nextAttemptAt = leaseUntil);
        return due;
    }

    @Transactional
    public void markSent(UUID id) {
        letters.findByIdOptional(id).ifPresent(letter -> letter.sent(clock.instant()));
    }

    @Transactional
    public void markFailed(UUID id, String error) {
        letters.findByIdOptional(id).ifPresent(letter -> letter.failed(error, clock.instant(),
                config.initialBackoff(), config.maxBackoff(), config.maxAttempts()));
    }
}
