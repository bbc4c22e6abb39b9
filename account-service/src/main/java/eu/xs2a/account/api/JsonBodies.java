package eu.xs2a.account.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.JsonBodyError;
import eu.xs2a.security.error.Psd2Exception;
import eu.xs2a.security.json.StrictJson;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Reads a JSON request body ourselves, from the exact bytes received, so that a wrong Content-Type, broken JSON or a
 * wrongly typed field is a FormatError naming the problem (never Jackson's coercion of "true" into true).
 */
@ApplicationScoped
public class JsonBodies {

    private final ObjectMapper json;

    public JsonBodies(ObjectMapper json) {
        this.json = StrictJson.applyTo(json.copy());
    }

    private static boolean isJson(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return false;
        }
        try {
            MediaType type = MediaType.valueOf(contentType);
            return "application".equalsIgnoreCase(type.getType()) && "json".equalsIgnoreCase(type.getSubtype());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The parsed body, or null when the body is empty. */
    public JsonNode read(String contentType, byte[] body) {
        if (body == null || body.length == 0 || new String(body, java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
            return null;
        }
        if (!isJson(contentType)) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "Content-Type must be application/json");
        }
        try {
            return json.readTree(body);
        } catch (JsonProcessingException e) {
            throw JsonBodyError.of(e);
        } catch (IOException e) {
            throw new UncheckedIOException("Reading a body held in memory", e);
        }
    }
}
