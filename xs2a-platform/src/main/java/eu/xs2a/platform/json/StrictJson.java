package eu.xs2a.platform.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.io.IOException;

/**
 * The one reading policy for a TPP's JSON body, whichever service reads it:
 * <ul>
 *   <li>a value of the wrong JSON type is refused, never converted: {@code 4} or {@code true} for a string,
 *       {@code "4"} for a number, {@code "true"} for a boolean, {@code 4.5} for an integer, and {@code ""} for a
 *       number, a boolean, a date or an enum (Jackson would read it as null, i.e. as if the field were absent, so a
 *       TPP's {@code "frequencyPerDay": ""} became the default);</li>
 *   <li>a key given twice is refused (which value counts would be a guess, and readers guessed differently);</li>
 *   <li>a NUL character or half of a surrogate pair in a string read into a typed field is refused (escaped as
 *       U+0000 or a lone U+D800 it parses, but PostgreSQL cannot store the one and the driver would store the other
 *       as '?', and the bank's failure would come back at every retry). A {@code JsonNode} tree keeps such a string:
 *       account-service's bodies, read as trees, are never stored;</li>
 *   <li>anything after the body's one value is refused; unknown fields are ignored (docs/ARCHITECTURE.md
 *       "Request pipeline").</li>
 * </ul>
 * Refusals are Jackson exceptions, which {@link eu.xs2a.platform.error.JsonBodyError} turns into FormatError.
 */
public final class StrictJson {

    private StrictJson() {
    }

    /** Configures the given mapper (pass a copy of a shared one) and returns it. */
    public static <M extends ObjectMapper> M applyTo(M mapper) {
        mapper.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
        mapper.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        for (LogicalType scalar : new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean}) {
            mapper.coercionConfigFor(scalar).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        }
        for (LogicalType typed : new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean,
            LogicalType.DateTime, LogicalType.Enum}) {
            mapper.coercionConfigFor(typed).setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        }
        mapper.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        mapper.registerModule(new SimpleModule("strict-json").addDeserializer(String.class, new StorableStrings()));
        return mapper;
    }

    private static final class StorableStrings extends StringDeserializer {

        @Override
        public String deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            String value = super.deserialize(parser, context);
            if (value != null) {
                String problem = unstorable(value);
                if (problem != null) {
                    throw InvalidFormatException.from(parser, problem, value, String.class);
                }
            }
            return value;
        }
    }

    /**
     * Why PostgreSQL could not keep the text as sent, or null. A NUL it refuses; half of a UTF-16 surrogate pair
     * (the escape of U+D800 with no low half after it) has no UTF-8 form, so the driver would store it as '?'.
     * Public for JSON that this mapper does not bind (a JWT's claims, a tree).
     */
    public static String unstorable(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\u0000') {
                return "A NUL character in a string";
            }
            if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++; // a whole pair: one character outside the Basic Multilingual Plane
            } else if (Character.isSurrogate(c)) {
                return "Half of a UTF-16 surrogate pair in a string";
            }
        }
        return null;
    }
}
