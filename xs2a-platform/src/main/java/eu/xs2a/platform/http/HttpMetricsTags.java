package eu.xs2a.platform.http;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Keeps the HTTP server metrics' tags to a bounded set whatever a caller sends. Quarkus tags a request that matched
 * no route template (a 405 for a method the path does not have, a 404 outside every route) with its raw path, and
 * any method name as sent: one new series per request, until Quarkus's cap of 100 uri values refuses new ones, also
 * those of real endpoints not called yet. Such requests are tagged {@code NOT_FOUND} / {@code METHOD_NOT_ALLOWED},
 * and a method outside HTTP's usual ones {@code OTHER}. A matched route's template (it has a {@code {…}}) stays.
 */
@ApplicationScoped
public class HttpMetricsTags {

    static final String METER = "http.server.requests";
    private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE");

    @Produces
    @Singleton
    MeterFilter boundedHttpServerTags() {
        return new MeterFilter() {
            @Override
            public Meter.Id map(Meter.Id id) {
                return METER.equals(id.getName()) ? bounded(id) : id;
            }
        };
    }

    /** Runs for each request's meter lookup: a matched request (the usual case) passes with two reads, no copy. */
    static Meter.Id bounded(Meter.Id id) {
        String uri = id.getTag("uri");
        String method = id.getTag("method");
        String boundedUri = uri == null ? null : uri(uri, id.getTag("status"));
        String boundedMethod = method == null || METHODS.contains(method) ? method : "OTHER";
        if (Objects.equals(uri, boundedUri) && Objects.equals(method, boundedMethod)) {
            return id;
        }
        List<Tag> tags = new ArrayList<>();
        for (Tag tag : id.getTagsAsIterable()) {
            String value = switch (tag.getKey()) {
                case "uri" -> boundedUri;
                case "method" -> boundedMethod;
                default -> tag.getValue();
            };
            tags.add(Tag.of(tag.getKey(), value));
        }
        return id.replaceTags(tags);
    }

    private static String uri(String uri, String status) {
        if (uri.indexOf('{') >= 0) {
            return uri;
        }
        return switch (status == null ? "" : status) {
            case "404" -> "NOT_FOUND";
            case "405" -> "METHOD_NOT_ALLOWED";
            default -> uri;
        };
    }
}
