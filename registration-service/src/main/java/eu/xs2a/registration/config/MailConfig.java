package eu.xs2a.registration.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * SMTP settings of the confirmation letters. These replace the standard {@code quarkus.mailer.*} keys: the
 * Quarkus Mailer extension does not resolve from this project's registry, so letters go through the Vert.x
 * mail client (the engine behind Quarkus Mailer) configured here.
 */
@ConfigMapping(prefix = "psd2.mail")
public interface MailConfig {

    @WithDefault("localhost")
    String host();

    @WithDefault("25")
    int port();

    /** Sender address of every letter. */
    @WithDefault("onboarding@xs2a.example")
    String from();

    /** Implicit TLS (SMTPS, usually port 465). */
    @WithDefault("false")
    boolean ssl();

    /** STARTTLS: DISABLED, OPTIONAL or REQUIRED. */
    @WithDefault("OPTIONAL")
    String startTls();

    Optional<String> username();

    Optional<String> password();

    /** Connecting to and talking with the mail server must finish within this time, else the attempt fails. */
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
