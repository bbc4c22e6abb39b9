package eu.xs2a.security.quarkus;

import eu.xs2a.security.error.ErrorBody;
import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.Psd2Exception;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The one way an error becomes a response: the class's status and the standard body, as JSON. */
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
                .entity(ErrorBody.of(e.errorClass(), e.getMessage()));
        if (e.retryAfterSeconds() != null) {
            builder.header("Retry-After", e.retryAfterSeconds());
        }
        return builder.build();
    }
}
