package eu.xs2a.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.ConfigValidationException;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.validator.BeanValidationConfigValidator;
import jakarta.validation.Constraint;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;

/**
 * What a service would say at start about the settings of one {@code @ConfigMapping}: the mapping read as Quarkus
 * reads it, its Bean Validation constraints checked by Hibernate Validator, as quarkus-hibernate-validator does before
 * the application starts. A test of a mapping's constraints needs no service started (e2e-tests'
 * {@code SettingsStartUpTest} starts one, to show that a packaged service refuses them).
 */
public final class SettingsCheck {

    private static final Validator VALIDATOR = Validation.buildDefaultValidatorFactory().getValidator();
    /** The setting types whose every value parses, however absurd (a negative timeout, a batch of zero). */
    private static final Set<Class<?>> NUMBERS = Set.of(int.class, long.class, double.class, Integer.class, Long.class,
            Double.class, BigDecimal.class, Duration.class, OptionalInt.class, OptionalLong.class,
            OptionalDouble.class);

    private SettingsCheck() {
    }

    /** The problems, each {@code "<property> <message>"} (Quarkus's line for it); empty when the settings are fine. */
    public static List<String> problems(Class<?> mapping, Map<String, String> settings) {
        try {
            read(mapping, settings);
            return List.of();
        } catch (ConfigValidationException e) {
            List<String> problems = new ArrayList<>();
            for (int i = 0; i < e.getProblemCount(); i++) {
                problems.add(e.getProblem(i).getMessage());
            }
            return problems;
        }
    }

    /**
     * The mapping as a service reads it from these settings, its defaults for the rest and its bounds checked: a unit
     * test's configuration object (an anonymous implementation would inherit the constraints, which CDI refuses).
     */
    public static <T> T read(Class<T> mapping, Map<String, String> settings) {
        BeanValidationConfigValidator validator = () -> VALIDATOR;
        return new SmallRyeConfigBuilder()
                .withMapping(mapping)
                .withConverter(Duration.class, 200, new DurationConverter()) // Quarkus's 30S, 5M, 24H
                .withSources(new PropertiesConfigSource(settings, "test settings", 100))
                .withValidator(validator)
                .build()
                .getConfigMapping(mapping);
    }

    /**
     * Every number and duration of these mappings is bounded ({@link #unconstrained}), the module's shipped settings
     * ({@link #applicationProperties}) are within the bounds, and each case of the table {@code cases} (a test
     * resource, tab-separated: setting, value, the message Quarkus gives; no message: the value is taken) says what the
     * shipped settings with that one value changed give. A case belongs to the mapping whose prefix its setting starts
     * with.
     */
    public static void assertBounds(String cases, Class<?>... mappings) {
        for (Class<?> mapping : mappings) {
            assertEquals(List.of(), unconstrained(mapping), "settings without bounds in " + mapping.getName());
            assertEquals(List.of(), problems(mapping, applicationProperties(Map.of())), "shipped settings");
        }
        List<String[]> rows = table(cases);
        assertFalse(rows.isEmpty(), cases + " holds no case");
        for (String[] row : rows) {
            Class<?> mapping = Arrays.stream(mappings)
                    .filter(m -> row[0].startsWith(m.getAnnotation(ConfigMapping.class).prefix() + "."))
                    .findFirst().orElseThrow(() -> new AssertionError("no mapping of " + row[0]));
            List<String> expected = row.length > 2 ? List.of(row[0] + " " + row[2]) : List.of();
            assertEquals(expected, problems(mapping, applicationProperties(Map.of(row[0], row[1]))), row[0]);
        }
    }

    private static List<String[]> table(String resource) {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new AssertionError("no test resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("#"))
                    .map(line -> line.split("\t+")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The module's shipped settings ({@code src/main/resources/application.properties} of the module under test, its
     * profile-less keys) with {@code changes} over them: a service mapping's settings as a deployment starts with.
     */
    public static Map<String, String> applicationProperties(Map<String, String> changes) {
        Properties shipped = new Properties();
        try (Reader reader = Files.newBufferedReader(Path.of("src/main/resources/application.properties"))) {
            shipped.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> settings = new HashMap<>();
        shipped.stringPropertyNames().stream().filter(key -> !key.startsWith("%"))
                .forEach(key -> settings.put(key, shipped.getProperty(key)));
        settings.putAll(changes);
        return settings;
    }

    /**
     * The number and duration settings of a mapping, its groups and maps of groups included, that carry no Bean
     * Validation constraint (on the method, or on an {@code Optional}'s element): any value of theirs would start the
     * service. Named as {@code Mapping.group.setting}; a map's groups as {@code map.*}.
     */
    public static List<String> unconstrained(Class<?> mapping) {
        List<String> found = new ArrayList<>();
        collect(mapping, mapping.getSimpleName(), found, new HashSet<>());
        return found;
    }

    private static void collect(Class<?> group, String path, List<String> found, Set<Class<?>> seen) {
        if (!seen.add(group)) {
            return;
        }
        Method[] methods = group.getMethods();
        Arrays.sort(methods, (a, b) -> a.getName().compareTo(b.getName()));
        for (Method method : methods) {
            if (method.isDefault() || Modifier.isStatic(method.getModifiers()) || method.getParameterCount() > 0) {
                continue;
            }
            String at = path + "." + method.getName();
            Class<?> type = method.getReturnType();
            if (NUMBERS.contains(type)) {
                if (!constrained(method.getAnnotations())) {
                    found.add(at);
                }
            } else if (type == Optional.class || type == List.class) {
                AnnotatedType element = ((AnnotatedParameterizedType) method.getAnnotatedReturnType())
                        .getAnnotatedActualTypeArguments()[0];
                if (NUMBERS.contains(element.getType()) && !constrained(element.getAnnotations())
                        && !constrained(method.getAnnotations())) {
                    found.add(at);
                }
            } else if (type == Map.class) {
                AnnotatedType value = ((AnnotatedParameterizedType) method.getAnnotatedReturnType())
                        .getAnnotatedActualTypeArguments()[1];
                if (NUMBERS.contains(value.getType()) && !constrained(value.getAnnotations())) {
                    found.add(at + ".*");
                } else if (value.getType() instanceof Class<?> valueClass && valueClass.isInterface()) {
                    collect(valueClass, at + ".*", found, seen);
                }
            } else if (type.isInterface() && !type.getName().startsWith("java.")) {
                collect(type, at, found, seen);
            }
        }
    }

    private static boolean constrained(Annotation[] annotations) {
        return Arrays.stream(annotations).anyMatch(a -> a.annotationType().isAnnotationPresent(Constraint.class));
    }
}
