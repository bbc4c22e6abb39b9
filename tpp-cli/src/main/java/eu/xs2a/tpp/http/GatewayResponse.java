package eu.xs2a.tpp.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What the gateway answered: status, headers in the order received, and the raw body. */
public record GatewayResponse(int status, List<Map.Entry<String, String>> headers, byte[] body) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public GatewayResponse {
        headers = List.copyOf(headers);
        body = body == null ? new byte[0] : body;
    }

    public boolean isError() {
        return status >= 400;
    }

    /** The first value of a header, the name in any case. */
    public Optional<String> header(String name) {
        return headers.stream().filter(h -> h.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue).findFirst();
    }

    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** The body as JSON when it is JSON (whatever the Content-Type says), else empty. */
    public Optional<JsonNode> json() {
        if (body.length == 0) {
            return Optional.empty();
        }
        try {
            JsonNode node = JSON.readTree(body);
            return node == null || node.isMissingNode() ? Optional.empty() : Optional.of(node);
        } catch (java.io.IOException e) {
            return Optional.empty();
        }
    }
}
