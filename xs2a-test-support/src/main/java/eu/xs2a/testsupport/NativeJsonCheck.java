package eu.xs2a.testsupport;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import io.quarkus.jackson.ObjectMapperCustomizer;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Arrays;

/**
 * Refuses, in a test application, to read or write JSON of a gateway class that a native image could not bind. Jackson
 * binds records and beans by reflection, which a native image keeps only for the classes registered at build time;
 * Quarkus registers a resource method's declared types by itself, but not a {@code Response}'s entity nor what an
 * {@code ObjectMapper} binds directly (a bank's answer, a body read from bytes), and a JVM test never notices. So the
 * rule is explicit: every {@code eu.xs2a} class that Jackson binds carries {@link RegisterForReflection}, or sits in a
 * class that does (which registers its nested classes with it). Not a bean: each service's tests declare
 * {@code @Singleton class NativeJson extends NativeJsonCheck {}}, so that their application's mapper runs it; a class
 * bound against the rule fails the request or the call that bound it, its name in the error.
 */
public class NativeJsonCheck implements ObjectMapperCustomizer {

    private static final String CHECKED = "eu.xs2a.";

    @Override
    public void customize(ObjectMapper mapper) {
        SimpleModule module = new SimpleModule("native-json-check");
        module.setDeserializerModifier(new BeanDeserializerModifier() {
            @Override
            public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription bean,
                                                          JsonDeserializer<?> deserializer) {
                requireRegistered(bean.getBeanClass(), "read");
                return deserializer;
            }
        });
        module.setSerializerModifier(new BeanSerializerModifier() {
            @Override
            public JsonSerializer<?> modifySerializer(SerializationConfig config, BeanDescription bean,
                                                      JsonSerializer<?> serializer) {
                requireRegistered(bean.getBeanClass(), "written");
                return serializer;
            }
        });
        mapper.registerModule(module);
    }

    /** Throws unless {@code type} is no gateway class or is registered for reflection, itself or as a nested class. */
    public static void requireRegistered(Class<?> type, String how) {
        if (!type.getName().startsWith(CHECKED) || registered(type)) {
            return;
        }
        throw new IllegalStateException(type.getName() + " is " + how + " as JSON but not registered for reflection:"
                + " a native image could not bind it. Annotate it, or the class it sits in,"
                + " with @RegisterForReflection");
    }

    static boolean registered(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
            RegisterForReflection registration = c.getAnnotation(RegisterForReflection.class);
            if (registration == null) {
                continue;
            }
            // with targets, Quarkus registers those instead of the annotated class
            boolean itself = registration.targets().length == 0 && registration.classNames().length == 0;
            if (itself && (c == type || !registration.ignoreNested())
                    || Arrays.asList(registration.targets()).contains(type)) {
                return true;
            }
        }
        return false;
    }
}
