package eu.xs2a.e2e.faults;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The sandbox bank as one gateway service sees it in the fault tests: an HTTP proxy between that service and
 * aspsp-sandbox that passes every bank API call on, except the calls a test picks, which it answers 503 (the bank is
 * down) or holds until the test releases them (the bank is slow; the call is in flight). A held call has been received
 * whole: released, it reaches the bank even if its caller has been killed meanwhile, as at a real bank.
 *
 * <p>It works per HTTP request, not per TCP connection (as {@code SwitchableProxy} does): the services' bank clients
 * keep connections open, so holding new connections would miss a call sent on one opened earlier. The SCA pages are
 * not proxied: the sandbox names its own address in the {@code scaUrl} (the Host it is called with).
 */
final class BankProxy implements AutoCloseable {

    /** One call to the bank API: method and path (without the query). */
    record Call(String method, String path) {

        /** Calls with this method on a path matching {@code pathRegex} (the whole path). */
        static Predicate<Call> is(String method, String pathRegex) {
            Pattern path = Pattern.compile(pathRegex);
            return call -> call.method.equals(method) && path.matcher(call.path).matches();
        }

        /** No call: {@code fail(nothing())} brings the bank back. */
        static Predicate<Call> nothing() {
            return call -> false;
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    private static final Predicate<Call> NONE = Call.nothing();
    /** The headers of the bank API (BANK-API.md); the Host is the bank's own, so its scaUrl names the bank. */
    private static final List<String> PASSED_HEADERS = List.of("Authorization", "Content-Type", "Accept");

    private final String bankUrl;
    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "bank-proxy");
        thread.setDaemon(true);
        return thread;
    });
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).followRedirects(HttpClient.Redirect.NEVER).build();
    private final Semaphore held = new Semaphore(0);
    private volatile Predicate<Call> failing = NONE;
    private volatile Predicate<Call> holding = NONE;
    private volatile CountDownLatch gate = new CountDownLatch(0);
    /** Every call passed on to the bank (not the ones answered 503 here): what the bank received. */
    private final List<Call> passedOn = new java.util.concurrent.CopyOnWriteArrayList<>();

    private BankProxy(String bankUrl) {
        this.bankUrl = bankUrl;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    /** A proxy to the bank at {@code bankUrl}, passing everything on. */
    static BankProxy to(String bankUrl) {
        return new BankProxy(bankUrl);
    }

    /** What the service is given as its bank's URL. */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** From now on, calls that match are answered 503 by "the bank" (nothing reaches the sandbox). */
    void fail(Predicate<Call> calls) {
        failing = calls;
    }

    /**
     * From now on, calls that match wait here, received but unanswered, until {@link #release}; each one counts for
     * {@link #awaitHeld}.
     */
    synchronized void hold(Predicate<Call> calls) {
        held.drainPermits();
        if (gate.getCount() == 0) {
            gate = new CountDownLatch(1);
        }
        holding = calls;
    }

    /** Waits until {@code calls} calls are held; false if fewer arrive within {@code bound}. */
    boolean awaitHeld(int calls, Duration bound) throws InterruptedException {
        if (!held.tryAcquire(calls, bound.toMillis(), TimeUnit.MILLISECONDS)) {
            return false;
        }
        held.release(calls); // counted, not consumed: a later, larger count includes them
        return true;
    }

    /** How many calls that match were passed on to the bank so far. */
    long passedOn(Predicate<Call> calls) {
        return passedOn.stream().filter(calls).count();
    }

    /** Lets every held call go on to the bank, and passes every call on from now on. */
    synchronized void release() {
        holding = NONE;
        gate.countDown();
    }

    /** Passes every call on again: no failing, no holding. */
    void heal() {
        fail(NONE);
        release();
    }

    @Override
    public void close() {
        release();
        server.stop(0);
        threads.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            Call call = new Call(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath());
            if (failing.test(call)) {
                answer(exchange, 503, "application/json",
                        "{\"code\": \"UNAVAILABLE\", \"message\": \"The bank is down (fault test)\"}"
                                .getBytes(StandardCharsets.UTF_8));
                return;
            }
            CountDownLatch waitFor = null;
            synchronized (this) {
                if (holding.test(call)) {
                    waitFor = gate;
                }
            }
            if (waitFor != null) {
                held.release();
                waitFor.await();
            }
            passedOn.add(call);
            HttpResponse<byte[]> response = forward(exchange, body);
            answer(exchange, response.statusCode(), response.headers().firstValue("Content-Type").orElse(null),
                    response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the caller is gone (killed while its call was held), or the bank is: nobody is left to answer
        }
    }

    private HttpResponse<byte[]> forward(HttpExchange exchange, byte[] body) throws IOException, InterruptedException {
        URI target = URI.create(bankUrl + exchange.getRequestURI().getRawPath()
                + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery()));
        HttpRequest.Builder request = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(30))
                .method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        for (String header : PASSED_HEADERS) {
            String value = exchange.getRequestHeaders().getFirst(header);
            if (value != null) {
                request.header(header, value);
            }
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static void answer(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        if (contentType != null) {
            exchange.getResponseHeaders().set("Content-Type", contentType);
        }
        boolean empty = body.length == 0 || status == 204 || status == 304;
        exchange.sendResponseHeaders(status, empty ? -1 : body.length);
        if (!empty) {
            exchange.getResponseBody().write(body);
        }
    }
}
