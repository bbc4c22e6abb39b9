package eu.xs2a.platform.bank;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bank on a real port whose answer a test chooses: a status with the sandbox bank's error body (200 answers
 * {@code {"ok":true}}), or, while held, no answer until released. Counts the requests that reached it, so a test
 * sees which calls the gateway did not make. It listens for the whole test class, on the port the kernel gave it,
 * so no other socket can take that port between choosing and listening; a test takes it with {@link #reset} and
 * gives it back by closing it.
 */
final class TestBank implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final AtomicInteger requests = new AtomicInteger();
    private final Semaphore arrivedWhileHeld = new Semaphore(0);
    private volatile int status = 200;
    private volatile String code = "";
    private volatile String lastAuthorization;
    private volatile CountDownLatch gate = new CountDownLatch(0);

    private TestBank(HttpServer server) {
        this.server = server;
    }

    static TestBank listen() {
        try {
            TestBank bank = new TestBank(HttpServer.create(new InetSocketAddress("localhost", 0), 0));
            bank.server.createContext("/", bank::answer);
            bank.server.setExecutor(bank.threads);
            bank.server.start();
            return bank;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot listen on a local port", e);
        }
    }

    int port() {
        return server.getAddress().getPort();
    }

    /** As new: answers 200, has counted no request, holds nothing. */
    TestBank reset() {
        release();
        gate = new CountDownLatch(0);
        arrivedWhileHeld.drainPermits();
        requests.set(0);
        lastAuthorization = null;
        return answering(200, "");
    }

    /** From now on answers {@code status} with the error code {@code code} (200: a success). */
    TestBank answering(int status, String code) {
        this.status = status;
        this.code = code;
        return this;
    }

    /** From now on requests get no answer until {@link #release}. */
    void hold() {
        gate = new CountDownLatch(1);
    }

    void release() {
        gate.countDown();
    }

    /** Waits until {@code count} requests wait at the held bank; false after ten seconds. */
    boolean awaitHeld(int count) throws InterruptedException {
        return arrivedWhileHeld.tryAcquire(count, 10, TimeUnit.SECONDS);
    }

    int requests() {
        return requests.get();
    }

    String lastAuthorization() {
        return lastAuthorization;
    }

    private void answer(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        lastAuthorization = exchange.getRequestHeaders().getFirst("Authorization");
        CountDownLatch current = gate;
        if (current.getCount() > 0) {
            arrivedWhileHeld.release();
            try {
                current.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        int answered = status;
        byte[] body = (answered == 200 ? "{\"ok\":true}"
                : "{\"code\":\"" + code + "\",\"message\":\"refused by the test bank\"}")
                .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(answered, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    /** The test is done with this bank: nothing stays held. */
    @Override
    public void close() {
        release();
    }

    void stop() {
        release();
        server.stop(0);
        threads.shutdownNow();
    }
}
