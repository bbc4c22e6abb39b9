package eu.xs2a.e2e.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.security.client.RequestSigner;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/** Signed calls for preparing the benchmark's data (not for load: the load is replayed by wrk). */
final class GatewayClient {

    record Response(int status, JsonNode json, String body) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2))
            .version(HttpClient.Version.HTTP_1_1).build();
    private final RequestSigner signer;

    GatewayClient(RequestSigner signer) {
        this.signer = signer;
    }

    Response send(String baseUrl, String method, String path, Map<String, String> headers, String body)
            throws IOException, InterruptedException {
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(bytes));
        signer.sign(method, path, headers, bytes).forEach(request::header);
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        JsonNode json = response.body().isBlank() ? JSON.nullNode() : JSON.readTree(response.body());
        return new Response(response.statusCode(), json, response.body());
    }

    /** Like {@link #send} but fails with the answer when the status is not the expected one. */
    JsonNode expect(int status, String baseUrl, String method, String path, Map<String, String> headers, String body)
            throws IOException, InterruptedException {
        Response response = send(baseUrl, method, path, headers, body);
        if (response.status() != status) {
            throw new IllegalStateException(method + " " + path + " answered " + response.status() + ": " + response.body());
        }
        return response.json();
    }
}
