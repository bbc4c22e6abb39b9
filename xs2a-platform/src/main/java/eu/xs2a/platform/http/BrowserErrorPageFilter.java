package eu.xs2a.platform.http;

import eu.xs2a.platform.error.ErrorBody;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * On a {@link BrowserFacing} endpoint, shows the standard error as a short HTML page (status and headers kept)
 * unless the client asks for {@code application/json}: the exception mappers still produce the one error body,
 * and this is only another rendering of it, so a PSU's browser never shows JSON.
 */
@BrowserFacing
@Provider
@Priority(Priorities.ENTITY_CODER)
public class BrowserErrorPageFilter implements ContainerResponseFilter {

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (!(response.getEntity() instanceof ErrorBody body)) {
            return;
        }
        BrowserPages.addHeaders(response.getHeaders());
        if (BrowserPages.wantsJson(request.getAcceptableMediaTypes())) {
            return;
        }
        String tppReturn = (String) request.getProperty(BrowserPages.TPP_RETURN);
        response.setEntity(BrowserPages.errorPage(response.getStatus(), body, tppReturn), null, BrowserPages.HTML);
    }
}
