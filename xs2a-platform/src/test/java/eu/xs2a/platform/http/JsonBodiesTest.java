package eu.xs2a.platform.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.Violations;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Validation;
import jakarta.validation.constraints.NotBlank;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class JsonBodiesTest {

    record Named(String name, int count) {
    }

    record Constrained(@NotBlank(message = "is required") String name) {
    }

    private final JsonBodies bodies = new JsonBodies(new ObjectMapper(), Validation.buildDefaultValidatorFactory());

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static void refused(String message, Executable call) {
        Psd2Exception refused = assertThrows(Psd2Exception.class, call);
        assertEquals(ErrorClass.FORMAT_ERROR, refused.errorClass());
        assertEquals(message, refused.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json", "application/json; charset=utf-8", "APPLICATION/JSON"})
    void readsARequiredBodyOfAType(String contentType) {
        assertEquals(new Named("a", 2), bodies.read(contentType, bytes("{\"name\":\"a\",\"count\":2}"), Named.class));
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "text/plain", "application/*", "*/*", "application/jsonx", "application/xml"})
    void anyOtherContentTypeIsAFormatError(String contentType) {
        refused("Content-Type must be application/json",
                () -> bodies.read(contentType, bytes("{\"name\":\"a\"}"), Named.class));
        refused("Content-Type must be application/json", () -> bodies.readOptional(contentType, bytes("{}")));
    }

    @Test
    void aCharsetOtherThanUtf8IsAFormatError() {
        bodies.read("application/json; charset=UTF-8", bytes("{\"count\":1}"), Named.class);
        JsonBodies.requireJson("application/json; charset=\"utf8\"");
        refused("Content-Type charset 'iso-8859-1' is not supported: JSON is read as UTF-8",
                () -> bodies.read("application/json; charset=iso-8859-1", bytes("{}"), Named.class));
        refused("Content-Type charset 'utf-16' is not supported: JSON is read as UTF-8",
                () -> JsonBodies.requireJson("application/json;charset=utf-16"));
    }

    @Test
    void aBodyReadAsATypeMustMeetItsConstraints() {
        assertEquals(new Constrained("a"), bodies.read("application/json", bytes("{\"name\":\"a\"}"), Constrained.class));
        ConstraintViolationException refused = assertThrows(ConstraintViolationException.class,
                () -> bodies.read("application/json", bytes("{\"name\":\" \"}"), Constrained.class));
        assertEquals("name is required", Violations.refusal(refused.getConstraintViolations()).getMessage());
    }

    @Test
    void aRequiredBodyMustBeThereAndBeAnObject() {
        refused("The request body is required", () -> bodies.read("application/json", null, Named.class));
        refused("The request body is required", () -> bodies.read("application/json", bytes(" \r\n\t"), Named.class));
        refused("The request body must be a JSON object", () -> bodies.read("application/json", bytes("null"), Named.class));
    }

    @Test
    void theStrictPolicyApplies() {
        refused("Field 'count' has a wrong type or value",
                () -> bodies.read("application/json", bytes("{\"count\":\"2\"}"), Named.class));
        refused("Field 'count' has a wrong type or value",
                () -> bodies.read("application/json", bytes("{\"count\":null}"), Named.class));
        assertThrows(Psd2Exception.class,
                () -> bodies.read("application/json", bytes("{\"name\":\"a\",\"name\":\"b\"}"), Named.class));
        assertThrows(Psd2Exception.class, () -> bodies.read("application/json", bytes("{} {}"), Named.class));
    }

    @Test
    void anOptionalBodyIsNullWhenAbsentAndCheckedWhenSent() {
        assertNull(bodies.readOptional(null, null));
        assertNull(bodies.readOptional("text/plain", bytes("  \n")));
        assertTrue(bodies.readOptional("application/json", bytes("[1]")).isArray());
        assertThrows(Psd2Exception.class, () -> bodies.readOptional("application/json", bytes("{")));
    }

    @Test
    void anUnusedBodyIsNothingOrAnObject() {
        bodies.requireObjectOrNothing(null, new byte[0]);
        bodies.requireObjectOrNothing("application/json", bytes("{\"psuData\":{}}"));
        refused("The request body must be a JSON object",
                () -> bodies.requireObjectOrNothing("application/json", bytes("[]")));
        refused("The request body must be a JSON object",
                () -> bodies.requireObjectOrNothing("application/json", bytes("\"text\"")));
        assertThrows(Psd2Exception.class, () -> bodies.requireObjectOrNothing("application/json", bytes("not json")));
    }

    @Test
    void onlyJsonWhitespaceCountsAsNoBody() {
        assertTrue(JsonBodies.isAbsent(null));
        assertTrue(JsonBodies.isAbsent(bytes(" \t\r\n")));
        assertEquals(false, JsonBodies.isAbsent(bytes("\u2003")));
    }
}
