package eu.xs2a.registration.api;

import eu.xs2a.registration.domain.OAuthError;
import eu.xs2a.registration.domain.OAuthException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * The error answer of the token and revocation endpoints (RFC 6749 section 5.2): {@code error} and
 * {@code error_description}, never cached; a 401 {@code invalid_client} names the Basic scheme
 * ({@code WWW-Authenticate}). The description keeps only the characters RFC 6749 allows in it.
 */
@Provider
public class OAuthErrorMapper implements ExceptionMapper<OAuthException> {

    @Override
    public Response toResponse(OAuthException exception) {
        OAuthError error = exception.error();
        Response.ResponseBuilder response = OAuthResponses.noStore(Response.status(error.status()))
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new OAuthDtos.ErrorResponse(error.code(), describable(exception.getMessage())));
        if (error == OAuthError.INVALID_CLIENT) {
            response.header(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"oauth\"");
        }
        return response.build();
    }

    /** RFC 6749 allows %x20-21 / %x23-5B / %x5D-7E in error_description: anything else becomes '?'. */
    static String describable(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            out.append(c >= 0x20 && c <= 0x7E && c != '"' && c != '\\' ? c : '?');
        }
        return out.toString();
    }
}
