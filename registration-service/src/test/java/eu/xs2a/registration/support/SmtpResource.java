package eu.xs2a.registration.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Map;

/**
 * Chooses the port of the tests' SMTP server and points the service at it. The server itself ({@link TestSmtp}) is
 * started by the tests, which can also stop it to play a mail server that is down.
 */
public class SmtpResource implements QuarkusTestResourceLifecycleManager {

    static final String PORT_PROPERTY = "registration.test.smtp-port";

    @Override
    public Map<String, String> start() {
        String port = System.getProperty(PORT_PROPERTY);
        if (port == null) {
            try (ServerSocket socket = new ServerSocket(0)) {
                port = Integer.toString(socket.getLocalPort());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            System.setProperty(PORT_PROPERTY, port);
        }
        return Map.of("psd2.mail.host", "127.0.0.1", "psd2.mail.port", port);
    }

    @Override
    public void stop() {
    }
}
