package eu.xs2a.payment.api;

import eu.xs2a.platform.api.Href;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds a {@code _links} object in a stable order. */
final class Links {

    private final Map<String, Href> links = new LinkedHashMap<>();

    Links with(String name, String href) {
        links.put(name, new Href(href));
        return this;
    }

    Map<String, Href> build() {
        return links;
    }
}
