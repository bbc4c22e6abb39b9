package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.json.StrictJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jose4j.json.JsonUtil;
import org.jose4j.lang.JoseException;

/**
 * Typed reading of a JWT's claims with the interface's error classes: a required claim that is absent is
 * WrongRequiredFields, a claim of the wrong type (or a string PostgreSQL cannot store: a NUL, half a surrogate pair)
 * is RequestFormatInvalid. Every message names the claim.
 */
final class Claims {

    private final Map<String, Object> values;
    /** "claim" for the registration request, "software_statement claim" for the SSA. */
    private final String label;

    private Claims(Map<String, Object> values, String label) {
        this.values = values;
        this.label = label;
    }

    static Claims parse(String json, String label, String what) {
        try {
            return new Claims(JsonUtil.parseJson(json), label);
        } catch (JoseException | RuntimeException e) {
            throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID, what + " payload is not a JSON object");
        }
    }

    Map<String, Object> asMap() {
        return values;
    }

    boolean has(String name) {
        return values.get(name) != null;
    }

    /** Absent, null or blank: missing. */
    String requiredString(String name) {
        return optionalString(name).orElseThrow(() -> missing(name));
    }

    /** A blank value counts as absent (an optional claim then takes its default). */
    Optional<String> optionalString(String name) {
        Object value = values.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof String s)) {
            throw wrongType(name, "a string");
        }
        return s.isBlank() ? Optional.empty() : Optional.of(storable(name, s));
    }

    long requiredSeconds(String name) {
        Object value = values.get(name);
        if (value == null) {
            throw missing(name);
        }
        if (value instanceof Long l) {
            return l;
        }
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            return n.longValue();
        }
        throw wrongType(name, "an integer number of seconds since the epoch");
    }

    List<String> requiredStringList(String name) {
        List<String> list = optionalStringList(name).orElseThrow(() -> missing(name));
        if (list.isEmpty()) {
            throw missing(name);
        }
        return list;
    }

    Optional<List<String>> optionalStringList(String name) {
        Object value = values.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof List<?> list)) {
            throw wrongType(name, "an array of strings");
        }
        List<String> strings = new ArrayList<>();
        for (Object element : list) {
            if (!(element instanceof String s)) {
                throw wrongType(name, "an array of strings");
            }
            strings.add(storable(name, s));
        }
        return Optional.of(List.copyOf(strings));
    }

    /** {@code aud}: a string, or (as JWT allows) an array of strings. */
    List<String> requiredAudience(String name) {
        Object value = values.get(name);
        if (value instanceof String s && !s.isBlank()) {
            return List.of(s);
        }
        return requiredStringList(name);
    }

    Optional<Map<String, Object>> optionalObject(String name) {
        Object value = values.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw wrongType(name, "a JSON object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> object = (Map<String, Object>) map;
        return Optional.of(object);
    }

    /** A string PostgreSQL cannot keep as sent (StrictJson's rule for every JSON body): a format error. */
    private String storable(String name, String value) {
        String problem = StrictJson.unstorable(value);
        if (problem != null) {
            throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID, label + " '" + name + "' cannot be stored: " + problem);
        }
        return value;
    }

    Psd2Exception missing(String name) {
        return new Psd2Exception(ErrorClass.WRONG_REQUIRED_FIELDS, label + " '" + name + "' is required");
    }

    Psd2Exception wrongType(String name, String expected) {
        return new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID, label + " '" + name + "' must be " + expected);
    }
}
