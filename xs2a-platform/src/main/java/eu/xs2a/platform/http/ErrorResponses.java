package eu.xs2a.platform.http;

import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.error.SignatureDebug;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The one way an error becomes a response: the class's status and the standard body, as JSON. A JAX-RS
 * {@link Response} for the mappers; {@link #end} for the few refusals made on the IO thread before the REST layer
 * (a body too large, a request target with dot-segments), whose body is serialised once at start-up.
 */
public final class ErrorResponses {

    private ErrorResponses() {
    }

    public static Response of(ErrorClass errorClass, String message) {
        return Response.status(errorClass.status())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(ErrorBody.of(errorClass, message))
                .build();
    }

    public static Response of(Psd2Exception e) {
        Response.ResponseBuilder builder = Response.status(e.errorClass().status())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(ErrorBody.of(e));
        if (e.retryAfterSeconds() != null) {
            builder.header("Retry-After", e.retryAfterSeconds());
        }
        return builder.build();
    }

    /** Ends the exchange with the class's status and the prepared body, echoing a well-formed X-Request-ID. */
    public static void end(RoutingContext context, ErrorClass errorClass, String json, boolean close) {
        HttpServerResponse response = context.response().setStatusCode(errorClass.status())
                .putHeader("Content-Type", MediaType.APPLICATION_JSON);
        if (close) {
            response.putHeader("Connection", "close");
        }
        String requestId = RequestIdFilter.echoable(context.request().getHeader(RequestIdFilter.HEADER));
        if (requestId != null) {
            response.putHeader(RequestIdFilter.HEADER, requestId);
        }
        response.end(json);
    }
}
