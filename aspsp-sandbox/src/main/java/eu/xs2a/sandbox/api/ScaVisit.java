package eu.xs2a.sandbox.api;

import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.PathParam;

/** What every request of a PSU's browser on the SCA pages carries: the link's token, the cookie it got at login and its CSRF cookie. */
public class ScaVisit {

    @PathParam("token")
    String token;

    @CookieParam(ScaPageResource.SESSION_COOKIE)
    String session;

    /** The browser's CSRF token cookie ({@link Csrf}). */
    @CookieParam(Csrf.COOKIE)
    String csrfCookie;
}
