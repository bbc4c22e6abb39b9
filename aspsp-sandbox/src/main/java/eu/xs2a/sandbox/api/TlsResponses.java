package eu.xs2a.sandbox.api;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.ext.Provider;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Answers to a browser that reached the bank over HTTPS: every cookie is marked {@code Secure} (the browser never
 * sends it over plain HTTP) and {@code Strict-Transport-Security} tells it to use HTTPS only for the next year. The
 * bank itself speaks plain HTTP behind the TLS-terminating ingress, so it learns the browser's scheme from the
 * ingress's {@code X-Forwarded-Proto} (ingress-nginx sets it, replacing what a client sent), or from a request that
 * arrived over HTTPS itself. A client that fakes the header only gets cookies it will not send over plain HTTP.
 */
@Provider
public class TlsResponses implements ContainerResponseFilter {

    static final String HSTS = "max-age=31536000; includeSubDomains";

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (!overTls(request)) {
            return;
        }
        response.getHeaders().putSingle("Strict-Transport-Security", HSTS);
        List<Object> cookies = response.getHeaders().get("Set-Cookie");
        if (cookies == null || cookies.isEmpty()) {
            return;
        }
        List<Object> secure = new ArrayList<>(cookies.size());
        for (Object cookie : cookies) {
            if (cookie instanceof NewCookie c) {
                // every attribute copied by hand: the builder's copy constructor takes only the Cookie part (name,
                // value, path, domain, version) and would drop HttpOnly, SameSite and the expiry
                secure.add(new NewCookie.Builder(c.getName()).value(c.getValue()).path(c.getPath())
                        .domain(c.getDomain()).version(c.getVersion()).comment(c.getComment()).maxAge(c.getMaxAge())
                        .expiry(c.getExpiry()).httpOnly(c.isHttpOnly()).sameSite(c.getSameSite()).secure(true).build());
            } else {
                String text = String.valueOf(cookie);
                secure.add(text.toLowerCase(Locale.ROOT).matches("(?s).*;\\s*secure\\s*(;.*)?") ? text : text + ";Secure");
            }
        }
        response.getHeaders().put("Set-Cookie", secure);
    }

    static boolean overTls(ContainerRequestContext request) {
        String forwarded = request.getHeaderString("X-Forwarded-Proto");
        if (forwarded != null && !forwarded.isBlank()) {
            // the first value is the scheme the client used (a chain of proxies appends theirs)
            return "https".equalsIgnoreCase(forwarded.split(",")[0].trim());
        }
        return "https".equalsIgnoreCase(request.getUriInfo().getRequestUri().getScheme());
    }
}
