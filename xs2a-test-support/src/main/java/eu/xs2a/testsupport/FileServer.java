package eu.xs2a.testsupport;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Files served over http on localhost, as a QTSP publishes its CA certificates (AIA caIssuers) or a supervisory body
 * its trusted list: {@link #put} a path's bytes, {@link #url} is where they are; a path without bytes is 404, and
 * {@link #down} makes every call 503.
 */
public final class FileServer implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final Map<String, byte[]> files = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private volatile boolean down;

    private FileServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            try (exchange) {
                String path = exchange.getRequestURI().getPath();
                calls.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
                byte[] body = files.get(path);
                if (down || body == null) {
                    exchange.sendResponseHeaders(down ? 503 : 404, -1);
                    return;
                }
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        });
        server.setExecutor(executor);
        server.start();
    }

    public static FileServer start() {
        try {
            return new FileServer();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot start the file server", e);
        }
    }

    /** Serves {@code bytes} at {@code path} (starting with /) from now on; returns its URL. */
    public String put(String path, byte[] bytes) {
        files.put(path, bytes.clone());
        return url(path);
    }

    public String url(String path) {
        return "http://localhost:" + server.getAddress().getPort() + path;
    }

    /** Down: every call is answered 503. */
    public void down(boolean down) {
        this.down = down;
    }

    /** How many calls asked for {@code path}. */
    public int calls(String path) {
        AtomicInteger n = calls.get(path);
        return n == null ? 0 : n.get();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
