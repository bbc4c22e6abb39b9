package eu.xs2a.e2e.journeys;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The TPP's own web page where the PSU's browser lands after SCA (the TPP-Redirect-URI): a tiny local HTTP server,
 * so the final landing is observable. Every journey uses a URI with its own unique state parameter, so a landing
 * names the journey it belongs to.
 */
public final class TppLanding {

    private static TppLanding instance;

    private final HttpServer server;
    private final List<URI> landings = new CopyOnWriteArrayList<>();

    private TppLanding() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            landings.add(exchange.getRequestURI());
            byte[] page = "<!doctype html><title>Example TPP</title><p>Welcome back to Example TPP</p>"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(page);
            }
        });
        server.start();
    }

    public static synchronized TppLanding get() {
        if (instance == null) {
            instance = new TppLanding();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> instance.server.stop(0)));
        }
        return instance;
    }

    /** A redirect URI of this TPP: {@code http://localhost:<port>/<page>?state=<state>}. */
    public String uri(String page, String state) {
        return "http://localhost:" + server.getAddress().getPort() + "/" + page + "?state=" + state;
    }

    /** Whether the browser arrived at exactly this URI (path and query). */
    public boolean landedOn(String uri) {
        URI expected = URI.create(uri);
        return landings.stream().anyMatch(u -> u.getPath().equals(expected.getPath())
                && String.valueOf(u.getRawQuery()).equals(String.valueOf(expected.getRawQuery())));
    }

    public List<URI> landings() {
        return List.copyOf(landings);
    }
}
