package eu.xs2a.consent.api;

import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.error.ErrorClass;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * A missing, invalid, expired or wrongly addressed service token on /internal (the only place where Quarkus
 * security is used; authentication is not proactive, so the signed Berlin Group endpoints never touch it)
 * → 401 with the standard error body, never Quarkus' empty 401.
 */
public class ServiceTokenErrors {

    private static final String MESSAGE = "A valid service token (Bearer JWT for audience consent-service) is required";

    @ServerExceptionMapper({UnauthorizedException.class, AuthenticationFailedException.class, ForbiddenException.class})
    public Response unauthorized() {
        ErrorClass errorClass = ErrorClass.CREDENTIALS_INVALID; // AccessDenied with status 401
        return Response.status(errorClass.status())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(ErrorBody.of(errorClass, MESSAGE))
                .build();
    }
}
