package eu.xs2a.registration.support;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The real SMTP server of the tests (GreenMail) on the port {@link SmtpResource} gave the service. */
public final class TestSmtp {

    /** Upper bound for waiting on a letter; the outbox job runs every second in tests. */
    private static final Duration WAIT = Duration.ofSeconds(60);

    private static GreenMail server;

    private TestSmtp() {
    }

    public static synchronized GreenMail server() {
        if (server == null) {
            start();
        }
        return server;
    }

    public static synchronized void start() {
        String port = System.getProperty(SmtpResource.PORT_PROPERTY);
        if (port == null) {
            throw new IllegalStateException("SmtpResource has not chosen a port");
        }
        server = new GreenMail(new ServerSetup(Integer.parseInt(port), "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        server.start();
    }

    /** Stops the server: the service's letters now fail and stay in the outbox. */
    public static synchronized void stop() {
        if (server != null) {
            server.stop();
            server = null;
        }
    }

    /** Waits until a letter to this address has arrived; fails after {@link #WAIT}. */
    public static MimeMessage awaitLetterTo(String recipient) throws Exception {
        Instant deadline = Instant.now().plus(WAIT);
        while (Instant.now().isBefore(deadline)) {
            Optional<MimeMessage> letter = lettersTo(recipient).stream().findFirst();
            if (letter.isPresent()) {
                return letter.get();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("No letter to " + recipient + " arrived within " + WAIT.toSeconds() + " s");
    }

    public static List<MimeMessage> lettersTo(String recipient) {
        return Arrays.stream(server().getReceivedMessages()).filter(m -> isTo(m, recipient)).toList();
    }

    private static boolean isTo(MimeMessage message, String recipient) {
        try {
            Address[] to = message.getAllRecipients();
            return to != null && Arrays.stream(to).anyMatch(a -> a.toString().equalsIgnoreCase(recipient));
        } catch (MessagingException e) {
            return false;
        }
    }
}
