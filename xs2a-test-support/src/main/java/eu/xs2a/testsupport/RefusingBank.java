package eu.xs2a.testsupport;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * A bank that refuses every call with one status (400 unless told) in the sandbox bank's error body, listening on a
 * port where a provider's bank is expected. The real sandbox cannot be made to refuse what the gateway has already
 * validated, so the tests of a bank's refusal put this one in its place.
 */
public final class RefusingBank implements AutoCloseable {

    private final HttpServer server;

    private RefusingBank(HttpServer server) {
        this.server = server;
    }

    public static RefusingBank listen(int port) {
        return listen(port, 400, "FORMAT_ERROR");
    }

    /** A bank answering every call with {@code status} and the error code {@code code}. */
    public static RefusingBank listen(int port, int status, String code) {
        byte[] refusal = ("{\"code\":\"" + code + "\",\"message\":\"refused by the test bank\"}")
                .getBytes(StandardCharsets.UTF_8);
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress("localhost", port), 0);
            server.createContext("/", exchange -> {
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                // no keep-alive: a test that opens the next RefusingBank on the same port must not have its client
                // reuse a pooled connection to this one, which close() ends ("Connection was closed", a 503)
                exchange.getResponseHeaders().add("Connection", "close");
                exchange.sendResponseHeaders(status, refusal.length);
                exchange.getResponseBody().write(refusal);
                exchange.close();
            });
            server.start();
            return new RefusingBank(server);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot listen on " + port, e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
