package eu.xs2a.platform.http;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

/**
 * A query parameter given twice is a FormatError. JAX-RS would quietly use the first value, so a TPP that sent two
 * {@code dateFrom} values, or a proxy that appended one, would get an answer to a question it did not ask. No
 * endpoint of the interface takes a list in the query.
 */
@Provider
@PreMatching
@Priority(Priorities.HEADER_DECORATOR + 1) // after RequestIdFilter: the refusal is logged under the request's id
public class RepeatedQueryParameterFilter implements ContainerRequestFilter {

    private static final int MAX_NAME_IN_MESSAGE = 50;

    @Override
    public void filter(ContainerRequestContext request) {
        String query = request.getUriInfo().getRequestUri().getRawQuery();
        if (query == null || query.indexOf('&') < 0) {
            return; // one parameter at most: the usual case costs one scan
        }
        Set<String> names = new HashSet<>();
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            String name = name(equals < 0 ? pair : pair.substring(0, equals));
            if (!name.isEmpty() && !names.add(name)) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "Query parameter '"
                        + ErrorTexts.shown(name, MAX_NAME_IN_MESSAGE)
                        + "' is given more than once");
            }
        }
    }

    private static String name(String raw) {
        try {
            return URLDecoder.decode(raw, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) { // a broken escape; Quarkus refuses those before any filter
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "The query string is not valid percent-encoding");
        }
    }
}
