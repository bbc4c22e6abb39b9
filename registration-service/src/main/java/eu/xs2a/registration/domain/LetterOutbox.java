package eu.xs2a.registration.domain;

import eu.xs2a.registration.config.MailConfig;
import eu.xs2a.registration.persistence.LetterRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import jakarta.persistence.LockModeType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The outbox's state changes, each in its own short transaction: claim due letters (leasing them so that no
 * other replica sends them meanwhile), then record the outcome of each attempt.
 */
@ApplicationScoped
public class LetterOutbox {

    private final LetterRepository letters;
    private final MailConfig.Outbox config;
    /** The most one send may take (connect and talk to the mail server): the job sends a batch one after another. */
    private final Duration sendTimeout;
    private final Clock clock;

    public LetterOutbox(LetterRepository letters, MailConfig mail, Clock clock) {
        this.letters = letters;
        this.config = mail.outbox();
        this.sendTimeout = mail.timeout();
        this.clock = clock;
    }

    /**
     * Claims due letters: they become due again only after their lease, should this replica die while sending. The
     * batch is sent one letter after another, each taking up to the mail timeout, so the n-th letter is leased for n
     * timeouts plus {@code lease}: with a slow mail server another replica still cannot pick up a letter this one is
     * about to send. Each returned letter's {@code nextAttemptAt} is its lease, which {@link #markSent} and
     * {@link #markFailed} check.
     */
    @Transactional
    public List<Letter> claimDue() {
        // timestamptz keeps microseconds: the lease read back must equal the one set here
        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
        List<Letter> due = letters.lockDue(now, config.batchSize());
        for (int i = 0; i < due.size(); i++) {
            due.get(i).nextAttemptAt = now.plus(sendTimeout.multipliedBy(i + 1L)).plus(config.lease());
        }
        return due;
    }

    /** Records a letter sent, unless its lease ran out and another replica has claimed it since. */
    @Transactional
    public void markSent(UUID id, Instant lease) {
        leased(id, lease).ifPresent(letter -> letter.sent(clock.instant()));
    }

    /** Records a failed attempt, unless its lease ran out and another replica has claimed it since. */
    @Transactional
    public void markFailed(UUID id, Instant lease, String error) {
        leased(id, lease).ifPresent(letter -> letter.failed(error, clock.instant(),
                config.initialBackoff(), config.maxBackoff(), config.maxAttempts()));
    }

    /**
     * The letter, locked, if it still carries this replica's lease: another replica's claim sets another lease, and
     * that replica then owns the letter's outcome.
     */
    private Optional<Letter> leased(UUID id, Instant lease) {
        return letters.findByIdOptional(id, LockModeType.PESSIMISTIC_WRITE)
                .filter(letter -> lease.equals(letter.nextAttemptAt));
    }
}
