package eu.xs2a.payment.support;

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
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The bank of provider {@value BankSandboxResource#RELAYED}: an HTTP relay, listening where that provider's bank is
 * expected, that passes the gateway's bank API calls on to the real sandbox and that a test steers. It can hold
 * submissions (a bank slow to answer, while the test does something else), lose its answers to submissions
 * ({@link #loseSubmissionAnswers}), answer cancellations like a bank in trouble ({@link Cancellations}), report a
 * settled payment as settled on the creditor's account too (ACCC, which the sandbox never reports), and count how
 * often the gateway asks the bank about a payment ({@link #reads}, {@link #lookups}), and report another debtor account
 * than the sandbox's ({@link #reportDebtorIban}). The SCA pages are not relayed:
 * the sandbox names its own address in {@code scaUrl}.
 */
public final class RelayBank implements AutoCloseable {

    /** How the relay answers {@code POST /bank/v1/payments/{id}/cancellations}. */
    public enum Cancellations {
        /** Passed on to the sandbox, its answer passed back. */
        FORWARD,
        /** The connection is closed without an answer: the bank cannot be reached. */
        UNREACHABLE,
        /** 422 with the bank's error body: the bank refuses the request. */
        REFUSED,
        /** Passed on to the sandbox (which cancels), then answered 502: the bank's answer is lost on the way back. */
        ANSWER_LOST,
        /** 404 {@code PAYMENT_UNKNOWN}: the bank does not know the payment. */
        UNKNOWN
    }

    private static final Pattern PAYMENT = Pattern.compile("/bank/v1/payments/([^/]+)");
    private static final Pattern SETTLED = Pattern.compile("\"transactionStatus\"\\s*:\\s*\"ACSC\"");
    private static final Pattern DEBTOR_IBAN = Pattern.compile("(\"debtorAccount\"\\s*:\\s*\\{\\s*\"iban\"\\s*:\\s*)\"[^\"]*\"");
    private static final Set<String> PASSED_HEADERS = Set.of("Authorization", "Content-Type", "Accept");

    private final int port;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI bank;
    private final Semaphore heldSubmissions = new Semaphore(0);
    private final Set<String> settledAtCreditor = ConcurrentHashMap.newKeySet();
    private final List<String> submissions = new CopyOnWriteArrayList<>();
    private final Map<String, AtomicInteger> reads = new ConcurrentHashMap<>();
    private volatile CountDownLatch submissionGate = new CountDownLatch(0);
    private volatile Cancellations cancellations = Cancellations.FORWARD;
    private volatile boolean submissionAnswersLost;
    private volatile String reportedDebtorIban;
    private final AtomicInteger lookups = new AtomicInteger();
    private HttpServer server;

    private RelayBank(int port, URI bank) {
        this.port = port;
        this.bank = bank;
    }

    /**
     * A relay on the port of provider {@value BankSandboxResource#RELAYED}'s bank to the real sandbox, both as
     * {@link BankSandboxResource} configured them; nothing listens until {@link #start}.
     */
    public static RelayBank forRelayedProvider() {
        Config config = ConfigProvider.getConfig();
        return new RelayBank(config.getValue(BankSandboxResource.RELAYED_PORT, Integer.class),
                URI.create(config.getValue(BankSandboxResource.BANK_URL, String.class)));
    }

    /** Starts listening: the bank is up. */
    public synchronized RelayBank start() {
        try {
            server = HttpServer.create(new InetSocketAddress("localhost", port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot listen on " + port, e);
        }
        server.setExecutor(threads); // a held submission must not hold the other calls
        server.createContext("/", this::handle);
        server.start();
        return this;
    }

    /** From now on submissions wait at the relay (sent, unanswered) until {@link #releaseSubmissions}. */
    public RelayBank holdSubmissions() {
        submissionGate = new CountDownLatch(1);
        return this;
    }

    public void releaseSubmissions() {
        submissionGate.countDown();
    }

    /** Waits until a submission is waiting at the relay; false after the timeout. */
    public boolean awaitHeldSubmission(long seconds) throws InterruptedException {
        return heldSubmissions.tryAcquire(seconds, TimeUnit.SECONDS);
    }

    /**
     * From now on submissions are passed on to the sandbox, which stores them, and answered 502: the bank's answer is
     * lost on the way back, so the gateway cannot tell whether the payment arrived.
     */
    public RelayBank loseSubmissionAnswers() {
        submissionAnswersLost = true;
        return this;
    }

    /** How often the gateway looked a payment up by its idempotency key ({@code GET /bank/v1/payments?…}) so far. */
    public int lookups() {
        return lookups.get();
    }

    public RelayBank answerCancellations(Cancellations how) {
        this.cancellations = how;
        return this;
    }

    /** From now on the bank reports this payment, once the sandbox has settled it (ACSC), as ACCC. */
    public void settleAtCreditor(String bankPaymentId) {
        settledAtCreditor.add(bankPaymentId);
    }

    /**
     * From now on the bank's answers about a payment that has a debtor account name {@code iban} as its IBAN instead
     * (a bank at fault: a malformed IBAN, or another account than the one the TPP named).
     */
    public RelayBank reportDebtorIban(String iban) {
        this.reportedDebtorIban = iban;
        return this;
    }

    /** How often the gateway asked the bank about this payment ({@code GET /bank/v1/payments/{id}}) so far. */
    public int reads(String bankPaymentId) {
        AtomicInteger count = reads.get(bankPaymentId);
        return count == null ? 0 : count.get();
    }

    /** The bodies of the submissions the sandbox received through the relay, in order. */
    public List<String> submissions() {
        return List.copyOf(submissions);
    }

    @Override
    public synchronized void close() {
        releaseSubmissions();
        if (server != null) {
            server.stop(0);
        }
        threads.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try {
            String path = exchange.getRequestURI().getRawPath();
            String method = exchange.getRequestMethod();
            byte[] body = exchange.getRequestBody().readAllBytes();
            if ("POST".equals(method) && path.equals("/bank/v1/payments")) {
                awaitGate();
                submissions.add(new String(body, StandardCharsets.UTF_8));
                if (submissionAnswersLost) {
                    forward(exchange, method, body);
                    answer(exchange, 502, "<html>Bad Gateway</html>");
                    return;
                }
            }
            if ("GET".equals(method) && path.equals("/bank/v1/payments")) {
                lookups.incrementAndGet();
            }
            if ("POST".equals(method) && path.endsWith("/cancellations")) {
                Cancellations how = cancellations;
                switch (how) {
                    case UNREACHABLE -> {
                        return; // closed without an answer
                    }
                    case REFUSED -> {
                        answer(exchange, 422, "{\"code\":\"FORMAT_ERROR\",\"message\":\"refused by the relay\"}");
                        return;
                    }
                    case UNKNOWN -> {
                        answer(exchange, 404, "{\"code\":\"PAYMENT_UNKNOWN\",\"message\":\"unknown payment\"}");
                        return;
                    }
                    case ANSWER_LOST -> {
                        forward(exchange, method, body);
                        answer(exchange, 502, "<html>Bad Gateway</html>");
                        return;
                    }
                    case FORWARD -> {
                        // below
                    }
                }
            }
            Matcher payment = PAYMENT.matcher(path);
            if ("GET".equals(method) && payment.matches()) {
                reads.computeIfAbsent(payment.group(1), id -> new AtomicInteger()).incrementAndGet();
            }
            HttpResponse<String> answer = forward(exchange, method, body);
            String text = answer.body();
            if ("GET".equals(method) && payment.matches() && settledAtCreditor.contains(payment.group(1))) {
                text = SETTLED.matcher(text).replaceFirst("\"transactionStatus\": \"ACCC\"");
            }
            String debtorIban = reportedDebtorIban;
            if ("GET".equals(method) && path.startsWith("/bank/v1/payments") && debtorIban != null) {
                text = DEBTOR_IBAN.matcher(text).replaceAll("$1\"" + Matcher.quoteReplacement(debtorIban) + "\"");
            }
            answer.headers().firstValue("Content-Type")
                    .ifPresent(type -> exchange.getResponseHeaders().add("Content-Type", type));
            answer(exchange, answer.statusCode(), text);
        } finally {
            exchange.close();
        }
    }

    private void awaitGate() {
        CountDownLatch gate = submissionGate;
        if (gate.getCount() > 0) {
            heldSubmissions.release();
            try {
                gate.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private HttpResponse<String> forward(HttpExchange exchange, String method, byte[] body) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(bank.resolve(exchange.getRequestURI().toString()))
                .timeout(Duration.ofSeconds(30))
                .method(method, body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        for (String name : PASSED_HEADERS) {
            String value = exchange.getRequestHeaders().getFirst(name);
            if (value != null) {
                request.header(name, value);
            }
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        if (!exchange.getResponseHeaders().containsKey("Content-Type")) {
            exchange.getResponseHeaders().add("Content-Type", status == 502 ? "text/html" : "application/json");
        }
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
    }
}
