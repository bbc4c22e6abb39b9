package eu.xs2a.registration.mail;

import eu.xs2a.registration.config.MailConfig;
import eu.xs2a.registration.domain.Letter;
import io.vertx.core.Vertx;
import io.vertx.ext.mail.LoginOption;
import io.vertx.ext.mail.MailClient;
import io.vertx.ext.mail.MailMessage;
import io.vertx.ext.mail.StartTLSOptions;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeUnit;

/**
 * Sends one letter over SMTP with the Vert.x mail client (the engine behind Quarkus Mailer, whose extension does
 * not resolve here). Blocking on purpose: it runs on the outbox job's worker thread, never on an event loop.
 */
@ApplicationScoped
public class MailSender {

    private final MailConfig config;
    private final MailClient client;

    public MailSender(Vertx vertx, MailConfig config) {
        this.config = config;
        io.vertx.ext.mail.MailConfig smtp = new io.vertx.ext.mail.MailConfig()
                .setHostname(config.host())
                .setPort(config.port())
                .setSsl(config.ssl())
                .setStarttls(StartTLSOptions.valueOf(config.startTls().toUpperCase()))
                // a fresh connection per letter: after a mail server restart no stale pooled connection fails it
                .setKeepAlive(false)
                .setConnectTimeout((int) config.timeout().toMillis());
        config.username().ifPresent(smtp::setUsername);
        config.password().ifPresent(smtp::setPassword);
        smtp.setLogin(config.username().isPresent() ? LoginOption.REQUIRED : LoginOption.DISABLED);
        this.client = MailClient.create(vertx, smtp);
    }

    /** Throws when the letter could not be handed to the mail server. */
    public void send(Letter letter) throws Exception {
        MailMessage message = new MailMessage()
                .setFrom(config.from())
                .setTo(letter.recipient)
                .setSubject(letter.subject)
                .setText(letter.textBody)
                .setHtml(letter.htmlBody);
        client.sendMail(message).toCompletionStage().toCompletableFuture()
                .get(config.timeout().toMillis(), TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void close() {
        client.close();
    }
}
