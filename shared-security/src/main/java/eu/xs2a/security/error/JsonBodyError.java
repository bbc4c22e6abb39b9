package eu.xs2a.security.error;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import java.util.stream.Collectors;

/**
 * The FormatError for a JSON request body Jackson could not read, whoever read it (a service's own reader or the REST
 * layer, through {@code ErrorMappers}), in the TPP's words: which field has a wrong type or
 * value, else that the structure or the JSON itself is wrong. Never Jackson's own message, which names Java types
 * and Jackson settings ("Cannot coerce Float value (1.00) to `java.lang.String` value ...").
 */
public final class JsonBodyError {

    private JsonBodyError() {
    }

    public static Psd2Exception of(JsonProcessingException e) {
        if (e instanceof JsonMappingException mapping) {
            String field = mapping.getPath().stream()
                    .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                    .collect(Collectors.joining("."))
                    .replace(".[", "[");
            return new Psd2Exception(ErrorClass.FORMAT_ERROR, field.isEmpty()
                    ? "The request body does not have the expected structure"
                    : "Field '" + field + "' has a wrong type or value", e);
        }
        JsonLocation at = e.getLocation();
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, "The request body is not valid JSON"
                + (at == null || at.getLineNr() < 1 ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"), e);
    }
}
