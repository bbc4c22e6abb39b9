package eu.xs2a.tpp.http;

import eu.xs2a.tpp.CliException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Sends one request with the JDK's HTTP client, exactly as built (no redirects followed, no header rewritten), and
 * turns "nothing listens there" into a message that says what to do.
 */
public final class GatewayClient {

    private final HttpClient http;
    private final Duration timeout;

    public GatewayClient(Duration timeout) {
        this.timeout = timeout;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    public GatewayResponse send(OutgoingRequest request) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(request.uri()).timeout(timeout)
                .method(request.method(), request.body().length == 0
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(request.body()));
        request.headers().forEach(builder::header);
        try {
            HttpResponse<byte[]> response = http.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
            List<Map.Entry<String, String>> headers = new ArrayList<>();
            response.headers().map().forEach((name, values) -> {
                if (!name.startsWith(":")) {
                    values.forEach(value -> headers.add(new AbstractMap.SimpleImmutableEntry<>(name, value)));
                }
            });
            return new GatewayResponse(response.statusCode(), headers, response.body());
        } catch (HttpConnectTimeoutException | ConnectException e) {
            throw new CliException("cannot connect to " + origin(request) + " (is the gateway running? start it with"
                    + " bin/run, or point --base-url / XS2A_BASE_URL at it)", e);
        } catch (HttpTimeoutException e) {
            throw new CliException("no answer from " + origin(request) + " within " + timeout.toSeconds()
                    + " s (raise it with --timeout)", e);
        } catch (IOException e) {
            throw new CliException("request to " + origin(request) + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("interrupted", e);
        } catch (IllegalArgumentException e) {
            throw new CliException("cannot send this request: " + e.getMessage(), e);
        }
    }

    private static String origin(OutgoingRequest request) {
        var uri = request.uri();
        return uri.getScheme() + "://" + uri.getAuthority();
    }
}
