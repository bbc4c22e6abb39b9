package eu.xs2a.security.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;

/**
 * What every reader of a TPP's JSON body refuses besides wrong types: a key given twice (which value counts would be
 * a guess, and readers guessed differently) and a NUL character in a string read into a typed field (escaped as
 * \u0000, it parses, but PostgreSQL cannot store it, and the bank's failure would come back at every retry). A
 * {@code JsonNode} tree keeps such a string: account-service's bodies, read as trees, are never stored.
 */
public final class StrictJson {

    private StrictJson() {
    }

    /** Configures the given mapper (pass a copy of a shared one) and returns it. */
    public static <M extends ObjectMapper> M applyTo(M mapper) {
        mapper.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
        mapper.registerModule(new SimpleModule("strict-json").addDeserializer(String.class, new NoNulStrings()));
        return mapper;
    }

    private static final class NoNulStrings extends StringDeserializer {

        @Override
        public String deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            String value = super.deserialize(parser, context);
            if (value != null && value.indexOf('\u0000') >= 0) {
                throw InvalidFormatException.from(parser, "A NUL character in a string", value, String.class);
            }
            return value;
        }
    }
}
