package eu.xs2a.platform.bank;

import eu.xs2a.platform.validation.HeaderFields;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.jboss.resteasy.reactive.client.api.QuarkusRestClientProperties;

/**
 * The one way a service builds a client of another HTTP API (a bank, the consent lookup): the Quarkus REST client
 * on the given base URL with connect and read timeouts, no redirects followed, and a connection pool as large as the
 * guard lets calls through (so no call waits for a connection).
 *
 * <p>Every header a client sends is checked first ({@link WellFormedHeaders}): the services turn off Vert.x's own
 * check of header values, which its HTTP client shares with its server ({@code VertxHeaderValidation}).
 */
public final class RestClients {

    private RestClients() {
    }

    public static <T> T build(Class<T> api, String baseUrl, Duration connectTimeout, Duration readTimeout,
                              int connections) {
        return builder(baseUrl, connectTimeout, readTimeout, connections).build(api);
    }

    /**
     * The same builder, for a client that needs more (e.g. its own reading of error answers through
     * {@code disableDefaultMapper}, or {@link #connectionLifetime}).
     */
    public static QuarkusRestClientBuilder builder(String baseUrl, Duration connectTimeout, Duration readTimeout,
                                                   int connections) {
        return QuarkusRestClientBuilder.newBuilder()
                .baseUri(URI.create(baseUrl))
                .connectTimeout(connectTimeout.toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(readTimeout.toMillis(), TimeUnit.MILLISECONDS)
                .followRedirects(false)
                .property(QuarkusRestClientProperties.CONNECTION_POOL_SIZE, connections)
                .register(new WellFormedHeaders());
    }

    /**
     * Refuses to send a request with a header that is not well-formed ({@link HeaderFields}: e.g. a CR LF that would
     * split the request): the call fails before a byte is sent. Every header the services send is configuration (a
     * bank credential, a service token) or set by the client itself, so this never fires unless that changes.
     */
    static final class WellFormedHeaders implements ClientRequestFilter {

        @Override
        public void filter(ClientRequestContext request) {
            request.getStringHeaders().forEach((name, values) -> values.forEach(value -> {
                String refusal = HeaderFields.refusal(name, value);
                if (refusal != null) {
                    throw new IllegalStateException("Not sent to " + request.getUri().getHost() + ": " + refusal);
                }
            }));
        }
    }

    /** Makes the client's pooled connections end after {@code lifetime} of use (see {@link ConnectionLifetime}). */
    public static QuarkusRestClientBuilder connectionLifetime(QuarkusRestClientBuilder builder, Duration lifetime) {
        return builder.httpClientRequestCustomizer(new ConnectionLifetime(lifetime));
    }
}
