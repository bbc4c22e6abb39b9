package eu.xs2a.registration.mail;

import eu.xs2a.registration.domain.Letter;
import io.quarkus.mailer.Mail;
import io.quarkus.mailer.Mailer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Sends one letter over SMTP with the Quarkus Mailer (configured from {@code psd2.mail.*} in application.properties;
 * sender {@code psd2.mail.from}). Blocking on purpose, at most {@code psd2.mail.timeout}: it runs on the task poller's
 * worker thread, never on an event loop, and outside any transaction.
 */
@ApplicationScoped
public class MailSender {

    @Inject Mailer mailer;

    /** Throws when the letter could not be handed to the mail server within the timeout. */
    public void send(Letter letter) {
        mailer.send(Mail.withText(letter.recipient, letter.subject, letter.textBody).setHtml(letter.htmlBody));
    }
}
