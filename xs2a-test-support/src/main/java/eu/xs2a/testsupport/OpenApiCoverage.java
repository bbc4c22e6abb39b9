package eu.xs2a.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.security.quarkus.Signed;
import eu.xs2a.security.quarkus.SignedApiOpenApiFilter;
import io.restassured.RestAssured;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Checks a service's OpenAPI document against the routes its JAX-RS resources really serve, found by reflection
 * ({@code @Path} of class and method joined, a sub-resource locator's with its class's, {@code {name: regex}}
 * shortened to {@code {name}}, the HTTP method from any annotation meta-annotated {@code @HttpMethod}). Used by each service's {@code OpenApiDocumentTest}:
 * <pre>{@code
 * List<Route> routes = OpenApiCoverage.routes("eu.xs2a.payment.api");
 * assertEquals(List.of(), OpenApiCoverage.missingOperations(json, routes));
 * assertEquals(List.of(), OpenApiCoverage.signatureMismatches(json, routes));
 * }</pre>
 * Annotations are matched by name, so the check works whichever class loader (plain or Quarkus test) loaded them.
 * The small readers below ({@link #errorClasses}, {@link #withoutErrorBody}, {@link #requestSchema}, …) are what
 * every service's test asks of an operation, so that each test states only its own interface's facts.
 */
public final class OpenApiCoverage {

    private static final String PATH = "jakarta.ws.rs.Path";
    private static final String HTTP_METHOD = "jakarta.ws.rs.HttpMethod";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^}]+)}");

    /** One operation a resource serves; {@code signed} when the class or the method is {@link Signed}. */
    public record Route(String method, String path, boolean signed) {
        @Override
        public String toString() {
            return method + " " + path + (signed ? " (signed)" : "");
        }
    }

    private OpenApiCoverage() {
    }

    /** The routes of every {@code @Path} class in this package and below (compiled classes in a directory). */
    public static List<Route> routes(String packageName) {
        ClassLoader loader = Optional.ofNullable(Thread.currentThread().getContextClassLoader())
                .orElse(OpenApiCoverage.class.getClassLoader());
        List<Class<?>> resources = new ArrayList<>();
        for (String className : classNames(loader, packageName)) {
            try {
                Class<?> type = Class.forName(className, false, loader);
                if (annotation(type, PATH) != null) {
                    resources.add(type);
                }
            } catch (ClassNotFoundException | LinkageError e) {
                throw new IllegalStateException("cannot load " + className, e);
            }
        }
        if (resources.isEmpty()) {
            throw new IllegalStateException("no @Path class found in package " + packageName);
        }
        return routes(resources.toArray(Class<?>[]::new));
    }

    /** The routes of these resource classes. */
    public static List<Route> routes(Class<?>... resources) {
        List<Route> routes = new ArrayList<>();
        for (Class<?> resource : resources) {
            addRoutes(routes, resource, pathOf(resource));
        }
        routes.sort(Comparator.comparing(Route::path).thenComparing(Route::method));
        return List.copyOf(routes);
    }

    /**
     * The routes of one resource class under {@code prefix}; a sub-resource locator ({@code @Path} without an HTTP
     * method) adds those of the class it returns, under its path.
     */
    private static void addRoutes(List<Route> routes, Class<?> resource, String prefix) {
        boolean classSigned = annotation(resource, Signed.class.getName()) != null;
        for (Method method : resource.getMethods()) {
            String httpMethod = httpMethod(method);
            String path = prefix + "/" + pathOf(method);
            if (httpMethod != null) {
                boolean signed = classSigned || annotation(method, Signed.class.getName()) != null;
                routes.add(new Route(httpMethod, normalise(path), signed));
            } else if (annotation(method, PATH) != null) {
                addRoutes(routes, method.getReturnType(), path);
            }
        }
    }

    /** The routes that have no operation in the document (empty when the document covers all). */
    public static List<Route> missingOperations(String openApiJson, Collection<Route> routes) {
        JsonNode paths = read(openApiJson).path("paths");
        Map<String, JsonNode> byPath = new HashMap<>();
        paths.fieldNames().forEachRemaining(p -> byPath.put(normalise(p), paths.get(p)));
        return routes.stream()
                .filter(r -> !byPath.getOrDefault(r.path(), JSON.createObjectNode())
                        .has(r.method().toLowerCase(Locale.ROOT)))
                .toList();
    }

    public static List<Route> missingOperations(String openApiJson, Class<?>... resources) {
        return missingOperations(openApiJson, routes(resources));
    }

    /**
     * The documented routes whose signature headers disagree with {@link Signed}: a signed route lacking one of the
     * five required signature headers or the 401 error answer, or an unsigned one (a browser page) asking for any.
     */
    public static List<Route> signatureMismatches(String openApiJson, Collection<Route> routes) {
        JsonNode document = read(openApiJson);
        Set<String> signatureHeaders = SignedApiOpenApiFilter.SIGNATURE_HEADERS.stream()
                .map(e -> e.getKey().toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        List<Route> mismatches = new ArrayList<>();
        for (Route route : routes) {
            JsonNode operation = operation(document, route);
            if (operation == null) {
                continue; // reported by missingOperations
            }
            Set<String> required = requiredHeaders(operation);
            Set<String> all = headers(operation);
            boolean ok = route.signed()
                    ? required.containsAll(signatureHeaders) && operation.path("responses").has("401")
                    : Collections.disjoint(all, Set.of("signature", "tpp-signature-certificate", "digest"));
            if (!ok) {
                mismatches.add(route);
            }
        }
        return mismatches;
    }

    /**
     * The OpenAPI document of the application under test, as JSON. Call it once a test runs (from a
     * {@code @BeforeEach}, not {@code @BeforeAll}): RestAssured points at the application only once Quarkus started it.
     */
    public static String servedDocument() {
        return RestAssured.given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract()
                .asString();
    }

    /** The document's named schemas ({@code components.schemas}). */
    public static JsonNode schemas(String openApiJson) {
        return read(openApiJson).path("components").path("schemas");
    }

    /** The error classes the one error body may carry: the {@code error_text} values of {@code ErrorBody}. */
    public static List<String> errorClasses(String openApiJson) {
        return texts(schemas(openApiJson).path(SignedApiOpenApiFilter.ERROR_BODY).path("properties")
                .path("error_text").path("enum"));
    }

    /** The texts of a JSON array in its order, e.g. a schema's {@code required} or {@code enum}. */
    public static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }

    /** The schema name ({@code $ref}'s last part) of an operation's JSON request body; empty if it has none. */
    public static String requestSchema(JsonNode operation) {
        return schemaName(operation.path("requestBody"));
    }

    /** The schema name of an operation's JSON answer with this status; empty if it has none. */
    public static String responseSchema(JsonNode operation, String status) {
        return schemaName(operation.path("responses").path(status));
    }

    /** Those of the statuses whose answer is not the shared {@code ErrorBody} JSON (empty when all are). */
    public static List<String> withoutErrorBody(JsonNode operation, String... statuses) {
        return Stream.of(statuses)
                .filter(status -> !("#/components/schemas/" + SignedApiOpenApiFilter.ERROR_BODY)
                        .equals(schemaRef(operation.path("responses").path(status))))
                .toList();
    }

    /** Those of the statuses whose answer does not echo {@code X-Request-ID} (a signed call's answers all do). */
    public static List<String> withoutRequestIdEcho(JsonNode operation, String... statuses) {
        return Stream.of(statuses)
                .filter(status -> !operation.path("responses").path(status).path("headers").has("X-Request-ID"))
                .toList();
    }

    /** The description of an operation's answer with this status (where the error classes are listed). */
    public static String responseDescription(JsonNode operation, String status) {
        return operation.path("responses").path(status).path("description").asText();
    }

    private static String schemaName(JsonNode bodyOrResponse) {
        String ref = schemaRef(bodyOrResponse);
        return ref.substring(ref.lastIndexOf('/') + 1);
    }

    private static String schemaRef(JsonNode bodyOrResponse) {
        return bodyOrResponse.path("content").path("application/json").path("schema").path("$ref").asText();
    }

    /** The operation object of a route in the document, or null. */
    public static JsonNode operation(String openApiJson, Route route) {
        return operation(read(openApiJson), route);
    }

    /**
     * The names of the path placeholders over the whole document, e.g. {@code provider_code}: the bank's interface
     * names them, and a TPP's generated client takes its parameter names from here.
     */
    public static Set<String> pathParameters(String openApiJson) {
        Set<String> names = new TreeSet<>();
        read(openApiJson).path("paths").fieldNames().forEachRemaining(path -> {
            Matcher placeholder = PLACEHOLDER.matcher(normalise(path));
            while (placeholder.find()) {
                names.add(placeholder.group(1));
            }
        });
        return names;
    }

    /** Names (lower case) of the header parameters of an operation object. */
    public static Set<String> headers(JsonNode operation) {
        return headerParameters(operation).map(p -> p.path("name").asText().toLowerCase(Locale.ROOT))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** Names (lower case) of the header parameters an operation object marks required. */
    public static Set<String> requiredHeaders(JsonNode operation) {
        return headerParameters(operation).filter(p -> p.path("required").asBoolean(false))
                .map(p -> p.path("name").asText().toLowerCase(Locale.ROOT))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Stream<JsonNode> headerParameters(JsonNode operation) {
        List<JsonNode> parameters = new ArrayList<>();
        operation.path("parameters").forEach(parameters::add);
        return parameters.stream().filter(p -> "header".equals(p.path("in").asText()));
    }

    private static JsonNode operation(JsonNode document, Route route) {
        JsonNode paths = document.path("paths");
        for (var it = paths.fieldNames(); it.hasNext(); ) {
            String path = it.next();
            if (normalise(path).equals(route.path())) {
                JsonNode operation = paths.get(path).get(route.method().toLowerCase(Locale.ROOT));
                if (operation != null) {
                    return operation;
                }
            }
        }
        return null;
    }

    /** Leading slash, no double or trailing slash, and {@code {name: regex}} as {@code {name}}. */
    static String normalise(String path) {
        String p = path.replaceAll("\\{\\s*([^}:\\s]+)\\s*:[^}]*}", "{$1}").replaceAll("/+", "/");
        p = p.startsWith("/") ? p : "/" + p;
        return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }

    private static String httpMethod(Method method) {
        for (Annotation a : method.getAnnotations()) {
            Annotation meta = annotation(a.annotationType(), HTTP_METHOD);
            if (meta != null) {
                return (String) value(meta);
            }
        }
        return null;
    }

    private static String pathOf(AnnotatedElement element) {
        Annotation path = annotation(element, PATH);
        return path == null ? "" : (String) value(path);
    }

    private static Annotation annotation(AnnotatedElement element, String typeName) {
        for (Annotation a : element.getAnnotations()) {
            if (a.annotationType().getName().equals(typeName)) {
                return a;
            }
        }
        return null;
    }

    private static Object value(Annotation annotation) {
        try {
            return annotation.annotationType().getMethod("value").invoke(annotation);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> classNames(ClassLoader loader, String packageName) {
        String folder = packageName.replace('.', '/');
        List<String> names = new ArrayList<>();
        try {
            for (URL url : Collections.list(loader.getResources(folder))) {
                if (!"file".equals(url.getProtocol())) {
                    continue; // resources are scanned where the module's tests compile them, in target/classes
                }
                Path root = Path.of(url.toURI());
                try (Stream<Path> files = Files.walk(root)) {
                    files.map(f -> root.relativize(f).toString().replace('\\', '/'))
                            .filter(f -> f.endsWith(".class") && !f.contains("$"))
                            .map(f -> packageName + "." + f.substring(0, f.length() - ".class".length()).replace('/', '.'))
                            .forEach(names::add);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return names;
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException("not an OpenAPI JSON document", e);
        }
    }
}
