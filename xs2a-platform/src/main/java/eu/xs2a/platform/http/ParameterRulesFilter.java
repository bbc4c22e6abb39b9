package eu.xs2a.platform.http;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

/**
 * The rules every path and query a resource reads meets, before the signature is checked:
 * <ul>
 *   <li>a query parameter given twice is a FormatError. JAX-RS would quietly use the first value, so a TPP that sent
 *   two {@code dateFrom} values, or a proxy that appended one, would get an answer to a question it did not ask. No
 *   endpoint takes a list in the query;</li>
 *   <li>a NUL character ({@code %00}) in the path or the query is a FormatError: PostgreSQL keeps no NUL in text, so
 *   such a value could be neither stored nor looked up (an id, a client_id, a state), and no value of the interface
 *   holds one.</li>
 * </ul>
 * After matching, so that a {@link BrowserFacing} endpoint's refusal is its page, not JSON.
 */
@Provider
@Priority(Priorities.AUTHENTICATION - 10)
public class ParameterRulesFilter implements ContainerRequestFilter {

    private static final int MAX_NAME_IN_MESSAGE = 50;
    private static final String NUL = "%00";

    @Override
    public void filter(ContainerRequestContext request) {
        URI target = request.getUriInfo().getRequestUri();
        String query = target.getRawQuery();
        if (target.getRawPath().contains(NUL) || query != null && query.contains(NUL)) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "The request's path or query holds a NUL character"
                    + " (%00), which no value of this interface holds");
        }
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
