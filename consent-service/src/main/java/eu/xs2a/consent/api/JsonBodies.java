package eu.xs2a.consent.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.JsonBodyError;
import eu.xs2a.security.error.Psd2Exception;
import eu.xs2a.security.json.StrictJson;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Reads JSON request bodies by shared-security's {@link StrictJson} policy (wrong types, a key given twice, NUL in a
 * string are FormatError; unknown fields are ignored), and an explicit null for a primitive is refused too. The body arrives as the raw bytes
 * the signature was verified over, so bytes that are not UTF-8 are a FormatError too, rather than becoming
 * replacement characters on the way to a String.
 */
@ApplicationScoped
public class JsonBodies {

    private final JsonMapper mapper = StrictJson.applyTo(JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build());

    public <T> T read(HttpHeaders headers, byte[] body, Class<T> type) {
        MediaType contentType = headers.getMediaType();
        if (contentType == null || !MediaType.APPLICATION_JSON_TYPE.isCompatible(contentType)
                || contentType.isWildcardType() || contentType.isWildcardSubtype()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "Content-Type must be application/json");
        }
        if (body == null || isBlank(body)) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "The request body is required");
        }
        try {
            T value = mapper.readValue(body, type);
            if (value == null) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "The request body must be a JSON object");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw JsonBodyError.of(e);
        } catch (IOException e) { // not thrown when reading a byte array; declared by the API
            throw new UncheckedIOException(e);
        }
    }

    /** Nothing but JSON's whitespace (RFC 8259: space, tab, line feed, carriage return). */
    private static boolean isBlank(byte[] body) {
        for (byte b : body) {
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return false;
            }
        }
        return true;
    }
}
