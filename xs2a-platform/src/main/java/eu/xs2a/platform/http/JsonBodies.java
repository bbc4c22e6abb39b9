package eu.xs2a.platform.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.JsonBodyError;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.json.StrictJson;
import org.hibernate.validator.HibernateValidatorFactory;
import eu.xs2a.platform.validation.TextCharset;
import eu.xs2a.platform.validation.Violations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Locale;
import java.util.Set;

/**
 * The one reader of a TPP's JSON request body, in every service. A resource takes the body as the exact bytes the
 * Digest was verified over ({@code byte[]}) and its Content-Type as a header parameter, and reads them here:
 * <ul>
 *   <li>the Content-Type must be {@code application/json}, with or without parameters;</li>
 *   <li>a body of nothing but JSON's whitespace (RFC 8259) counts as no body;</li>
 *   <li>the JSON is read by {@link StrictJson}'s policy, and an explicit null for a primitive is refused too;</li>
 *   <li>every refusal is a FormatError naming the problem; bytes that are not UTF-8 are one as well, rather than
 *       becoming replacement characters on the way to a String;</li>
 *   <li>a body read as a type is then checked against the type's Bean Validation constraints (lengths, patterns,
 *       required fields, eu.xs2a.platform.validation's IBANs, currencies, dates and free texts, in the provider's
 *       character set when read for one); a violation is answered by the error mappers like any other refusal.</li>
 * </ul>
 */
@ApplicationScoped
public class JsonBodies {

    /** The charset parameter's spellings of UTF-8 (RFC 8259 JSON has no other). */
    private static final Set<String> UTF_8_NAMES = Set.of("utf-8", "utf8");

    private final ObjectMapper mapper;
    /** One validator per free-text character set, each handing its set to the {@code FreeText} constraints. */
    private final Map<TextCharset, Validator> validators = new EnumMap<>(TextCharset.class);

    public JsonBodies(ObjectMapper quarkusMapper, ValidatorFactory validatorFactory) {
        this.mapper = StrictJson.applyTo(quarkusMapper.copy())
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        HibernateValidatorFactory factory = validatorFactory.unwrap(HibernateValidatorFactory.class);
        for (TextCharset charset : TextCharset.values()) {
            validators.put(charset, factory.usingContext().constraintValidatorPayload(charset).getValidator());
        }
    }

    /**
     * A required body, a JSON object of the given type that meets the type's constraints; its free texts
     * ({@code @FreeText}, {@code @Characters}) hold no control or format characters.
     */
    public <T> T read(String contentType, byte[] body, Class<T> type) {
        return read(contentType, body, type, TextCharset.UNICODE);
    }

    /**
     * A required body read for a provider: as {@link #read(String, byte[], Class)}, with its free texts in the
     * provider's character set ({@code psd2.providers.<code>.text-charset}).
     */
    public <T> T read(String contentType, byte[] body, Class<T> type, TextCharset charset) {
        requireJson(contentType);
        if (isAbsent(body)) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "The request body is required");
        }
        T value = parse(() -> mapper.readValue(body, type));
        if (value == null) { // the body was the JSON literal null
            throw notAnObject();
        }
        return Violations.checked(validators.get(charset), value);
    }

    /** An optional body as a JSON tree, or null when there is none; whatever is sent must still be proper JSON. */
    public JsonNode readOptional(String contentType, byte[] body) {
        if (isAbsent(body)) {
            return null;
        }
        requireJson(contentType);
        return parse(() -> mapper.readTree(body));
    }

    /** An optional body whose content is not used, but which, when sent, must be one JSON object. */
    public void requireObjectOrNothing(String contentType, byte[] body) {
        JsonNode value = readOptional(contentType, body);
        if (value != null && !value.isObject()) {
            throw notAnObject();
        }
    }

    /**
     * {@code application/json}, parameters allowed, a charset only if it is UTF-8 (RFC 8259: JSON between systems is
     * UTF-8, and the body is read so); anything else, or none, is a FormatError.
     */
    public static void requireJson(String contentType) {
        if (MediaType.APPLICATION_JSON.equals(contentType)) {
            return; // what nearly every TPP sends: one comparison, no parsing
        }
        MediaType type = mediaType(contentType);
        if (type == null || !"application".equalsIgnoreCase(type.getType()) || !"json".equalsIgnoreCase(type.getSubtype())) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "Content-Type must be application/json");
        }
        String charset = type.getParameters().get(MediaType.CHARSET_PARAMETER);
        if (charset != null && !UTF_8_NAMES.contains(charset.strip().replace("\"", "").toLowerCase(Locale.ROOT))) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "Content-Type charset '" + ErrorMappers.abbreviate(charset)
                    + "' is not supported: JSON is read as UTF-8");
        }
    }

    /** No body at all, or only JSON's whitespace (space, tab, line feed, carriage return). */
    public static boolean isAbsent(byte[] body) {
        if (body != null) {
            for (byte b : body) {
                if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                    return false;
                }
            }
        }
        return true;
    }

    private static MediaType mediaType(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return null;
        }
        try {
            return MediaType.valueOf(contentType);
        } catch (IllegalArgumentException e) { // ContentTypeFilter refuses these first; kept for callers outside HTTP
            return null;
        }
    }

    private static Psd2Exception notAnObject() {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, "The request body must be a JSON object");
    }

    private interface Parse<T> {
        T run() throws IOException;
    }

    private static <T> T parse(Parse<T> parse) {
        try {
            return parse.run();
        } catch (JsonProcessingException e) {
            throw JsonBodyError.of(e);
        } catch (IOException e) { // not thrown when reading a byte array; declared by Jackson's API
            throw new UncheckedIOException("Reading a body held in memory", e);
        }
    }
}
