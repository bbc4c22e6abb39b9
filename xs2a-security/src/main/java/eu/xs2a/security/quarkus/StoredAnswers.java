package eu.xs2a.security.quarkus;

import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.security.replay.StoredResponse;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** An answer as the replay store keeps it: the body's exact bytes and the headers worth sending again. */
final class StoredAnswers {

    /** Headers that belong to one transmission, not to the answer. */
    private static final Set<String> NOT_REPLAYED = Set.of("x-request-id", "content-length", "date", "transfer-encoding",
            "connection");

    private StoredAnswers() {
    }

    /** The answer with {@code entity} as the bytes it is sent as: an object is serialised as JSON, here, once. */
    static StoredResponse of(int status, MultivaluedMap<String, String> headers, MediaType mediaType, Object entity,
                             ObjectMapper json) {
        Map<String, String> kept = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> header : headers.entrySet()) {
            if (!NOT_REPLAYED.contains(header.getKey().toLowerCase(Locale.ROOT)) && !header.getValue().isEmpty()) {
                kept.put(header.getKey(), String.join(",", header.getValue()));
            }
        }
        if (entity != null) {
            MediaType type = mediaType != null ? mediaType : MediaType.APPLICATION_JSON_TYPE;
            kept.putIfAbsent(HttpHeaders.CONTENT_TYPE, type.toString());
        }
        return new StoredResponse(status, kept, body(entity, json));
    }

    private static byte[] body(Object entity, ObjectMapper json) {
        if (entity == null) {
            return new byte[0];
        }
        if (entity instanceof byte[] bytes) {
            return bytes;
        }
        if (entity instanceof String text) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        try {
            return json.writeValueAsBytes(entity);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot serialise the answer for replay", e);
        }
    }
}
