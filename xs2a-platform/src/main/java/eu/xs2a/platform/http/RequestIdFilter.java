package eu.xs2a.platform.http;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import org.jboss.logging.MDC;

/**
 * Every response, errors included, echoes the request's {@code X-Request-ID}; while the request runs the id is in
 * the logging MDC under {@code requestId}, so every log line of the request carries it.
 */
@Provider
@PreMatching
@Priority(Priorities.HEADER_DECORATOR)
public class RequestIdFilter implements ContainerRequestFilter, ContainerResponseFilter {

    public static final String HEADER = "X-Request-ID";
    public static final String MDC_KEY = "requestId";

    @Override
    public void filter(ContainerRequestContext request) {
        String requestId = requestId(request);
        if (requestId != null) {
            MDC.put(MDC_KEY, requestId);
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        String requestId = requestId(request);
        if (requestId != null && !response.getHeaders().containsKey(HEADER)) {
            response.getHeaders().putSingle(HEADER, requestId);
        }
        MDC.remove(MDC_KEY);
    }

    /** The id as sent, when it is short enough to echo (a header is never reflected unbounded). */
    static String requestId(ContainerRequestContext request) {
        return echoable(request.getHeaderString(HEADER));
    }

    /** The header's value, stripped, when it may be echoed: short, printable ASCII; else null. */
    static String echoable(String value) {
        if (value == null) {
            return null;
        }
        value = value.strip();
        return value.isEmpty() || value.length() > 100 || !printableAscii(value) ? null : value;
    }

    private static boolean printableAscii(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                return false;
            }
        }
        return true;
    }
}
