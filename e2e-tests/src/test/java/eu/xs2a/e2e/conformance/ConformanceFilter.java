package eu.xs2a.e2e.conformance;

import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.http.Header;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import eu.xs2a.e2e.support.Repository;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * A REST Assured filter that checks every response of a Berlin Group endpoint against the Berlin Group files as it
 * arrives, so no journey can receive a non-conforming answer unnoticed: a violation fails the call that received it
 * with an {@link AssertionError} naming the request, the response and each message. Other paths (registration,
 * sandbox self-service) have no Berlin Group file and pass through.
 */
public final class ConformanceFilter implements Filter {

    public static final ConformanceFilter INSTANCE = new ConformanceFilter();

    /**
     * "METHOD file-path status" of every checked response, written to {@code e2e-tests/target/conformance-checked.txt}
     * when the JVM ends (a file, not stdout, which the test runner has closed by then): what the journeys covered.
     */
    private static final Set<String> CHECKED = new ConcurrentSkipListSet<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (!CHECKED.isEmpty()) {
                try {
                    Files.write(Repository.root().resolve("e2e-tests/target/conformance-checked.txt"), CHECKED);
                } catch (IOException | RuntimeException e) {
                    // only a report; the checks themselves have run
                }
            }
        }));
    }

    private ConformanceFilter() {
    }

    @Override
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification responseSpec,
                           FilterContext context) {
        Response response = context.next(request, responseSpec);
        String path = URI.create(request.getURI()).getRawPath();
        if (KnownDifferences.isBerlinGroupPath(path)) {
            Exchange exchange = exchange(request.getMethod(), path, response);
            List<String> violations = BerlinGroupSpec.violations(exchange);
            CHECKED.add(exchange.method() + " " + operation(KnownDifferences.specPath(path)) + " " + exchange.status());
            if (!violations.isEmpty()) {
                throw new AssertionError("Not Berlin Group 1.3.6 conformant: " + exchange + "\n  - "
                        + String.join("\n  - ", violations));
            }
        }
        return response;
    }

    /** The path with its ids folded ({@code /v1/consents/{id}/status}), so the summary names operations. */
    private static String operation(String specPath) {
        return specPath.replaceAll("/(?!v\\d(?:/|$))(?=[^/]*\\d)[^/]+", "/{id}");
    }

    static Exchange exchange(String method, String path, Response response) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (Header header : response.getHeaders()) {
            headers.computeIfAbsent(header.getName(), k -> new ArrayList<>()).add(header.getValue());
        }
        String body = response.asString();
        return new Exchange(method, path, response.statusCode(), headers, body == null ? "" : body);
    }
}
