package eu.xs2a.platform.http;

import eu.xs2a.platform.provider.ProviderRegistry;
import jakarta.inject.Inject;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/**
 * Quarkus REST answers an OPTIONS itself, as no resource has an OPTIONS method of its own; this makes that answer
 * the one its path gives any other request. Under a provider code the gateway does not serve it is ResourceUnknown
 * (404), as a signed GET there is: no resource method runs to look the provider up. Its {@code Allow} names the
 * methods of its very path (RFC 9110, 9.3.7), as a 405's does: Quarkus's own names every method of the resource
 * class, so {@code OPTIONS /consents} offered the DELETE and PUT of {@code /consents/{id}}.
 */
@Provider
@PreMatching
public class OptionsFilter implements ContainerRequestFilter, ContainerResponseFilter {

    /** The path parameter every provider's route is under. */
    static final String PROVIDER_CODE = "provider_code";

    @Inject ProviderRegistry providers;

    /** Before matching: Quarkus REST's own OPTIONS answer runs no request filter after it. */
    @Override
    public void filter(ContainerRequestContext request) {
        if (HttpMethod.OPTIONS.equals(request.getMethod())) {
            String providerCode = AllowedMethods.classPathParameter(PROVIDER_CODE);
            if (providerCode != null) {
                providers.require(providerCode);
            }
        }
    }

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
