package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.config.SandboxConfig;
import eu.xs2a.sandbox.persistence.PsuRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * A PSU's username and password, checked for the SCA pages and online banking alike. After
 * {@code sandbox.login.max-failures} (5) wrong passwords in a row the PSU's login is locked for
 * {@code sandbox.login.lock-duration} (15 minutes): meanwhile even the right password is refused, and the page says
 * why and until when. The count and the lock are kept on the PSU's row, locked while it is checked, so concurrent
 * attempts and every replica count together. A good password resets the count.
 */
@ApplicationScoped
public class PsuLogin {

    /** The outcome: the PSU, or what the login page tells the PSU. */
    public sealed interface Result permits Accepted, Refused {
    }

    public record Accepted(Psu psu) implements Result {
    }

    public record Refused(String message) implements Result {
    }

    static final String WRONG = "Wrong username or password.";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    @Inject PsuRepository psus;
    @Inject SandboxConfig config;
    @Inject Clock clock;

    @Transactional(Transactional.TxType.MANDATORY)
    public Result check(String username, String password) {
        // a name with a NUL is no PSU's: PostgreSQL keeps no NUL in text, and asking for it would fail the statement
        Optional<Psu> found = Optional.ofNullable(username).map(String::trim)
                .filter(u -> !u.isEmpty() && u.indexOf('\u0000') < 0)
                .flatMap(u -> psus.findByIdOptional(u, LockModeType.PESSIMISTIC_WRITE));
        if (found.isEmpty()) {
            return new Refused(WRONG);
        }
        Psu psu = found.get();
        Instant now = clock.instant();
        if (psu.lockedUntil != null && psu.lockedUntil.isAfter(now)) {
            return new Refused(locked(psu.lockedUntil, "This login is locked after too many wrong passwords."));
        }
        if (psu.passwordMatches(password)) {
            psu.failedLogins = 0;
            psu.lockedUntil = null;
            return new Accepted(psu);
        }
        psu.failedLogins++;
        if (psu.failedLogins >= config.login().maxFailures()) {
            psu.failedLogins = 0;
            psu.lockedUntil = now.plus(config.login().lockDuration());
            return new Refused(locked(psu.lockedUntil, "Wrong password " + config.login().maxFailures()
                    + " times in a row: for your security this login is now locked."));
        }
        return new Refused(WRONG);
    }

    /** Why, and until when (rounded up to the minute, in the bank's time zone). */
    private String locked(Instant until, String why) {
        ZonedDateTime end = until.atZone(clock.getZone());
        ZonedDateTime shown = end.truncatedTo(ChronoUnit.MINUTES);
        if (shown.isBefore(end)) {
            shown = shown.plusMinutes(1);
        }
        return why + " It stays locked for " + describe(config.login().lockDuration())
                + " after the last wrong password: try again after " + TIME.format(shown) + " ("
                + clock.getZone().getId() + ").";
    }

    private static String describe(Duration d) {
        long seconds = d.toSeconds();
        if (seconds % 60 == 0 && seconds > 0) {
            long minutes = seconds / 60;
            return minutes + (minutes == 1 ? " minute" : " minutes");
        }
        return seconds + (seconds == 1 ? " second" : " seconds");
    }
}
