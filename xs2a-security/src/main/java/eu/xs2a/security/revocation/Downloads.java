package eu.xs2a.security.revocation;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The HTTP calls to revocation sources (JDK HttpClient, asynchronous): each ends within the fetch timeout, and a call
 * already under way is joined instead of made again, so that a burst of requests with one certificate costs one call.
 * Also used for what else the certificate checks download: issuing CA certificates named by a certificate's AIA
 * caIssuers ({@code core}) and the trusted lists ({@code trust}).
 */
public final class Downloads {

    private final HttpClient http;
    private final Duration timeout;

    /** How long one call may take, connect and answer together. */
    public Duration timeout() {
        return timeout;
    }
    private final ConcurrentHashMap<String, CompletableFuture<byte[]>> running = new ConcurrentHashMap<>();

    public Downloads(Duration timeout) {
        this.timeout = timeout;
        this.http = HttpClient.newBuilder()
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NORMAL)
                .build();
    }

    /** A GET (a CRL, a CA certificate, a trusted list): one download per URL at a time. */
    public CompletableFuture<byte[]> get(String url) {
        return once("GET " + url, () -> send(HttpRequest.newBuilder(URI.create(url)).GET()));
    }

    /** An OCSP request: one call per responder and request body key at a time. */
    CompletableFuture<byte[]> post(String url, String key, String contentType, byte[] body) {
        return once("POST " + url + " " + key, () -> send(HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))));
    }

    private CompletableFuture<byte[]> send(HttpRequest.Builder request) {
        return http.sendAsync(request.timeout(timeout).build(), HttpResponse.BodyHandlers.ofByteArray())
                .orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .thenApply(response -> {
                    if (response.statusCode() != 200) {
                        throw new IllegalStateException("answered HTTP " + response.statusCode());
                    }
                    return response.body();
                });
    }

    private CompletableFuture<byte[]> once(String key, Supplier<CompletableFuture<byte[]>> call) {
        CompletableFuture<byte[]> mine = new CompletableFuture<>();
        CompletableFuture<byte[]> already = running.putIfAbsent(key, mine);
        if (already != null) {
            return already;
        }
        CompletableFuture<byte[]> started;
        try {
            started = call.get();
        } catch (RuntimeException e) {
            started = CompletableFuture.failedFuture(new IOException("not a usable URL: " + e.getMessage(), e));
        }
        started.whenComplete((bytes, failure) -> {
            running.remove(key, mine);
            if (failure != null) {
                mine.completeExceptionally(failure);
            } else {
                mine.complete(bytes);
            }
        });
        return mine;
    }

    /** Why a call failed, in a few words for a log line or an error text. */
    public static String why(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof java.util.concurrent.CompletionException
                || cause instanceof java.util.concurrent.ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof java.util.concurrent.TimeoutException
                || cause instanceof java.net.http.HttpTimeoutException) {
            return "no answer in time";
        }
        String message = cause.getMessage();
        return message == null || message.isBlank() ? cause.getClass().getSimpleName() : message;
    }
}
