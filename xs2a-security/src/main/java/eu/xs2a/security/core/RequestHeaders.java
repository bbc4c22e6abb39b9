package eu.xs2a.security.core;

import java.util.Map;
import java.util.TreeMap;

/** Case-insensitive read access to a request's headers (the first value of a header, or null). */
@FunctionalInterface
public interface RequestHeaders {

    /** @param name a header name in any case */
    String get(String name);

    /** Headers from a map whose keys may be in any case. */
    static RequestHeaders of(Map<String, String> headers) {
        TreeMap<String, String> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        map.putAll(headers);
        return map::get;
    }
}
