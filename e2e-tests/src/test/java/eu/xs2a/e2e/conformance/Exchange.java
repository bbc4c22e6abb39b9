package eu.xs2a.e2e.conformance;

import java.util.List;
import java.util.Map;

/**
 * One request/response pair as the TPP saw it at the ingress: what the conformance check validates.
 *
 * @param method  HTTP method, upper case
 * @param path    the raw path as sent, with the provider prefix and without the query
 * @param status  the response status
 * @param headers the response headers (names as received)
 * @param body    the response body, empty when there was none
 */
public record Exchange(String method, String path, int status, Map<String, List<String>> headers, String body) {

    /** The first value of a response header, case-insensitive; null when absent. */
    public String header(String name) {
        return headers.entrySet().stream()
                .filter(e -> e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty())
                .map(e -> e.getValue().get(0))
                .findFirst().orElse(null);
    }

    @Override
    public String toString() {
        return method + " " + path + " → " + status + (body.isEmpty() ? "" : " " + abbreviate(body));
    }

    private static String abbreviate(String text) {
        return text.length() <= 600 ? text : text.substring(0, 600) + "…";
    }
}
