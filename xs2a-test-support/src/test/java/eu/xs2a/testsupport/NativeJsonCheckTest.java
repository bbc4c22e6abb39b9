package eu.xs2a.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which gateway classes count as registered for reflection, and a mapper with the check refusing the others. */
class NativeJsonCheckTest {

    @RegisterForReflection
    record Registered(String name, Nested nested) {
        record Nested(int count) {
        }
    }

    record Unregistered(String name) {
    }

    @RegisterForReflection(ignoreNested = true)
    record ShallowHolder(String name) {
        record Left(String name) {
        }
    }

    @RegisterForReflection(targets = {TargetsHolder.Listed.class})
    record TargetsHolder(String name) {
        record Listed(String name) {
        }

        record NotListed(String name) {
        }
    }

    private final ObjectMapper mapper = mapper();

    @Test
    void aClassRegisteredItselfOrNestedInARegisteredClassPasses() throws JsonProcessingException {
        String json = mapper.writeValueAsString(new Registered("a", new Registered.Nested(2)));
        assertEquals(new Registered("a", new Registered.Nested(2)), mapper.readValue(json, Registered.class));
        assertTrue(NativeJsonCheck.registered(TargetsHolder.Listed.class), "named in its holder's targets");
    }

    @Test
    void anUnregisteredGatewayClassIsRefusedBothWaysNamingIt() {
        Exception written = assertThrows(Exception.class,
                () -> mapper.writeValueAsString(new Unregistered("a")));
        assertTrue(written.getMessage().contains(Unregistered.class.getName() + " is written as JSON but not"
                + " registered for reflection"), written.getMessage());
        Exception read = assertThrows(Exception.class,
                () -> mapper.readValue("{\"name\":\"a\"}", Unregistered.class));
        assertTrue(read.getMessage().contains(Unregistered.class.getName() + " is read as JSON"), read.getMessage());
    }

    @Test
    void registrationsThatDoNotCoverTheClassDoNotCount() {
        assertEquals(false, NativeJsonCheck.registered(ShallowHolder.Left.class), "the holder ignores its nested");
        assertEquals(false, NativeJsonCheck.registered(TargetsHolder.class), "targets replace the annotated class");
        assertEquals(false, NativeJsonCheck.registered(TargetsHolder.NotListed.class), "not among the targets");
    }

    @Test
    void classesOutsideTheGatewayAreNotChecked() throws JsonProcessingException {
        assertEquals("{\"a\":1}", mapper.writeValueAsString(Map.of("a", 1)));
        NativeJsonCheck.requireRegistered(java.time.Period.class, "read");
    }

    private static ObjectMapper mapper() {
        ObjectMapper mapper = new ObjectMapper();
        new NativeJsonCheck().customize(mapper);
        return mapper;
    }
}
