package eu.xs2a.platform.http;

import io.opentelemetry.api.trace.Span;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * Names a request's server span by what a TPP's support ticket names: its {@code X-Request-ID} and, once the
 * signature filter has identified it, the TPP's organisation identifier. Set on the way out, so that a refused request's
 * span carries them too. With tracing off the span is a no-op.
 */
@Provider
@Priority(Priorities.HEADER_DECORATOR)
public class TraceAttributes implements ContainerResponseFilter {

    /** The TPP's X-Request-ID, as echoed (never an unbounded header). */
    public static final String REQUEST_ID = "xs2a.request_id";
    /** The TPP's organisation identifier from its certificate (e.g. {@code PSDDE-BAFIN-123456}). */
    public static final String TPP_ID = "xs2a.tpp_id";

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Span span = Span.current();
        if (!span.isRecording()) {
            return;
        }
        String requestId = RequestIdFilter.requestId(request);
        if (requestId != null) {
            span.setAttribute(REQUEST_ID, requestId);
        }
        if (request.getProperty(ErrorMappers.CALLER) instanceof String tppId) {
            span.setAttribute(TPP_ID, tppId);
        }
    }
}
