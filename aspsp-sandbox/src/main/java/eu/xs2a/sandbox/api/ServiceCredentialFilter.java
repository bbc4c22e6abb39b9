package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.config.SandboxConfig;
import eu.xs2a.sandbox.domain.Secrets;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import jakarta.annotation.Priority;

/** The gateway authenticates with {@code Authorization: Bearer <sandbox.service-credential>}; anything else → 401. */
@Provider
@BankApi
@Priority(Priorities.AUTHENTICATION)
public class ServiceCredentialFilter implements ContainerRequestFilter {

    private static final String BEARER = "Bearer ";

    /** Looked up per request: JAX-RS providers are built at static init, before runtime config exists. */
    @Inject Instance<SandboxConfig> config;

    @Override
    public void filter(ContainerRequestContext request) {
        String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        String presented = header != null && header.regionMatches(true, 0, BEARER, 0, BEARER.length())
                ? header.substring(BEARER.length()).trim() : null;
        if (!Secrets.constantTimeEquals(presented, config.get().serviceCredential())) {
            request.abortWith(Response.status(Response.Status.UNAUTHORIZED)
                    .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer")
                    .type(MediaType.APPLICATION_JSON_TYPE)
                    .entity(new BankError("UNAUTHORIZED", "the bank API needs the service credential as a Bearer token"))
                    .build());
        }
    }
}
