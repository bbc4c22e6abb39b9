package eu.xs2a.registration.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * The letter outbox's settings. The SMTP transport ({@code psd2.mail.host}, {@code .port}, {@code .from}, {@code .ssl},
 * {@code .start-tls}, {@code .username}, {@code .password}) is the Quarkus Mailer's: application.properties sets its
 * {@code quarkus.mailer.*} keys from these.
 */
@ConfigMapping(prefix = "psd2.mail")
public interface MailConfig {

    /**
     * Connecting to and talking with the mail server must finish within this time, else the attempt fails (the
     * mailer's {@code quarkus.mailer.timeout}); the outbox leases a batch by it.
     */
    @WithDefault("10S")
    Duration timeout();

    Outbox outbox();

    /** The outbox job: how often it runs, how many letters per run, and the retry backoff. */
    interface Outbox {

        @WithDefault("10s")
        String interval();

        @WithDefault("20")
        int batchSize();

        /** Delay before the first retry; doubled after every failed attempt up to {@link #maxBackoff()}. */
        @WithDefault("30S")
        Duration initialBackoff();

        @WithDefault("1H")
        Duration maxBackoff();

        /**
         * A letter being sent is leased for this long; if the sending replica dies, another one picks the letter
         * up again after the lease.
         */
        @WithDefault("2M")
        Duration lease();

        /** After this many failed attempts a letter stays in the table as FAILED (kept, never deleted). */
        @WithDefault("100")
        int maxAttempts();
    }
}
