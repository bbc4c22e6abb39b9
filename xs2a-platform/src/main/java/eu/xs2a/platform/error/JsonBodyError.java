package eu.xs2a.platform.error;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The FormatError for a JSON request body Jackson could not read, whoever read it (a service's own reader or the REST
 * layer, through {@code ErrorMappers}), in the TPP's words: which field has a wrong type or
 * value, else that the structure or the JSON itself is wrong. Never Jackson's own message, which names Java types
 * and Jackson settings ("Cannot coerce Float value (1.00) to `java.lang.String` value ...").
 */
public final class JsonBodyError {

    /** Jackson's words when its strict duplicate detection refuses a key (StrictJson), in its parser or its binder. */
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.*)'");
    private static final int MAX_CAUSES = 5;

    private JsonBodyError() {
    }

    private static String path(JsonMappingException mapping) {
        return mapping.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."))
                .replace(".[", "[");
    }

    /**
     * The full path of a key given twice ({@code data.certificate.name}), or null when the refusal is another one.
     * The parser that refused it still stands at the key; when the binder wrapped the refusal without the parser, the
     * binder's path to the object that holds the key.
     */
    private static String duplicateKey(Throwable e) {
        Throwable t = e;
        for (int i = 0; t != null && i < MAX_CAUSES; i++, t = t.getCause()) {
            if (t instanceof JsonProcessingException jackson && jackson.getOriginalMessage() != null) {
                Matcher m = DUPLICATE.matcher(jackson.getOriginalMessage());
                if (m.matches()) {
                    JsonParser parser = jackson instanceof StreamReadException read ? read.getProcessor() : null;
                    if (parser != null) {
                        String pointer = parser.getParsingContext().pathAsPointer().toString();
                        if (pointer.length() > 1) {
                            return pointer.substring(1).replace('/', '.').replaceAll("\\.(\\d+)(?=\\.|$)", "[$1]");
                        }
                    }
                    String parent = e instanceof JsonMappingException mapping ? path(mapping) : "";
                    return parent.isEmpty() ? m.group(1) : parent + "." + m.group(1);
                }
            }
        }
        return null;
    }

    public static Psd2Exception of(JsonProcessingException e) {
        String duplicate = duplicateKey(e);
        if (duplicate != null) {
            return new Psd2Exception(ErrorClass.FORMAT_ERROR, "Field '" + duplicate + "' is given twice", e)
                    .at(duplicate);
        }
        if (e instanceof JsonMappingException mapping) {
            String field = path(mapping);
            return new Psd2Exception(ErrorClass.FORMAT_ERROR, field.isEmpty()
                    ? "The request body does not have the expected structure"
                    : "Field '" + field + "' has a wrong type or value", e).at(field);
        }
        JsonLocation at = e.getLocation();
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, "The request body is not valid JSON"
                + (at == null || at.getLineNr() < 1 ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"), e);
    }
}
