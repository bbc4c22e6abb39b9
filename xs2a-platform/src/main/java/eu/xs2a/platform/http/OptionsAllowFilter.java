package eu.xs2a.platform.http;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/**
 * An OPTIONS answer names the methods of its very path (RFC 9110, 9.3.7), as a 405's Allow does: Quarkus REST's own
 * answer names every method of the resource class, so {@code OPTIONS /consents} offered the DELETE and PUT of
 * {@code /consents/{id}}. No resource has an OPTIONS method of its own, so this only corrects that header.
 */
@Provider
public class OptionsAllowFilter implements ContainerResponseFilter {

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (HttpMethod.OPTIONS.equals(request.getMethod()) && response.getStatus() == 200
                && response.getHeaders().containsKey(HttpHeaders.ALLOW)) {
            String allow = AllowedMethods.ofCurrentRequest();
            if (allow != null) {
                response.getHeaders().putSingle(HttpHeaders.ALLOW, allow);
            }
        }
    }
}
