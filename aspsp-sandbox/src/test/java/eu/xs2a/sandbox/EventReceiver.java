package eu.xs2a.sandbox;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The gateway's two event receivers as a local HTTP server on a fixed free port: records every event the bank sends
 * (path, Authorization, body) and answers 204. {@link #down()} closes the port (the gateway unreachable) and
 * {@link #up()} opens it again on the same port.
 */
public class EventReceiver implements QuarkusTestResourceLifecycleManager {

    /** What one delivery carried. */
    record Received(String path, String authorization, String body) {
    }

    static final String CONSENT_PATH = "/consent-service/internal/v1/bank-events";
    static final String PAYMENT_PATH = "/payment-service/internal/v1/bank-events";
    static final List<Received> RECEIVED = new CopyOnWriteArrayList<>();
    private static int port;
    private static HttpServer server;

    @Override
    public Map<String, String> start() {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        up();
        String base = "http://127.0.0.1:" + port;
        return Map.of("sandbox.events.consent-url", base + CONSENT_PATH,
                "sandbox.events.payment-url", base + PAYMENT_PATH,
                "sandbox.events.timeout", "1S");
    }

    static synchronized void up() {
        if (server != null) {
            return;
        }
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            RECEIVED.add(new Received(exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst("Authorization"), body));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
    }

    static synchronized void down() {
        if (server != null) {
            server.stop(0);
            server = null;
        }
    }

    /** The events received so far for this bank consent or payment id. */
    static List<Received> of(String resourceId) {
        return RECEIVED.stream().filter(r -> r.body().contains("\"" + resourceId + "\"")).toList();
    }

    @Override
    public void stop() {
        down();
    }
}
