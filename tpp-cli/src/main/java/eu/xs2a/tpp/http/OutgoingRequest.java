package eu.xs2a.tpp.http;

import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One request exactly as it goes on the wire: the headers (in order, signed ones included) and the body bytes the
 * Digest was computed over.
 */
public record OutgoingRequest(String method, URI uri, Map<String, String> headers, byte[] body) {

    public OutgoingRequest {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        body = body == null ? new byte[0] : body;
    }

    /** The value of a header, the name in any case; null when absent. */
    public String header(String name) {
        return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue)
                .findFirst().orElse(null);
    }
}
