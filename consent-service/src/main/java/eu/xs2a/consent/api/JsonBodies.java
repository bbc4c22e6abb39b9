package eu.xs2a.consent.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.JsonBodyError;
import eu.xs2a.security.error.Psd2Exception;
import eu.xs2a.security.json.StrictJson;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/**
 * Reads JSON request bodies strictly: wrong types (a string for a number or boolean, a fraction for an integer)
 * are FormatError, unknown fields are ignored (DESIGN.md "Other input rules"). The body arrives as the raw text
 * the signature was verified over.
 */
@ApplicationScoped
public class JsonBodies {

    private final JsonMapper mapper = StrictJson.applyTo(JsonMapper.builder()
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build());

    public <T> T read(HttpHeaders headers, String body, Class<T> type) {
        MediaType contentType = headers.getMediaType();
        if (contentType == null || !MediaType.APPLICATION_JSON_TYPE.isCompatible(contentType)
                || contentType.isWildcardType() || contentType.isWildcardSubtype()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "Content-Type must be application/json");
        }
        if (body == null || body.isBlank()) {
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
        }
    }
}
