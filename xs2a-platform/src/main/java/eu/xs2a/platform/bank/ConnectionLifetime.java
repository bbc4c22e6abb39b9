package eu.xs2a.platform.bank;

import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Consumer;

/**
 * Ends a pooled connection once it has been used for this long: its next request asks the server to close it after
 * the answer ({@code Connection: close}), and the pool opens a new one. A Kubernetes Service balances connections,
 * not requests, so without this new replicas of the callee would get no share of a busy caller's calls. Hand-written
 * because the REST client's Vert.x 4 pool has only an idle timeout, no maximum lifetime.
 */
final class ConnectionLifetime implements Consumer<HttpClientRequest> {

    private final Duration lifetime;
    private final Clock clock = Clock.systemUTC();
    /** First use of each connection; weak, so that a connection the pool dropped is forgotten with it. */
    private final Map<HttpConnection, Instant> firstUse = Collections.synchronizedMap(new WeakHashMap<>());

    ConnectionLifetime(Duration lifetime) {
        this.lifetime = lifetime;
    }

    @Override
    public void accept(HttpClientRequest request) {
        HttpConnection connection = request.connection();
        if (connection == null) {
            return;
        }
        Instant now = clock.instant();
        Instant first = firstUse.computeIfAbsent(connection, c -> now);
        if (!now.isBefore(first.plus(lifetime))) {
            request.putHeader(HttpHeaders.CONNECTION, "close");
            firstUse.remove(connection);
        }
    }
}
