package eu.xs2a.registration.api;

import jakarta.ws.rs.core.Response;

/** Token answers and their errors are never stored by a cache (RFC 6749 section 5.1). */
final class OAuthResponses {

    private OAuthResponses() {
    }

    static Response.ResponseBuilder noStore(Response.ResponseBuilder response) {
        return response.header("Cache-Control", "no-store").header("Pragma", "no-cache");
    }
}
