package eu.xs2a.sandbox.api;

import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.PathParam;

/** What every request of a PSU's browser on the SCA pages carries: the link's token and the cookie it got at login. */
public class ScaVisit {

    @PathParam("token")
    String token;

    @CookieParam(ScaPageResource.SESSION_COOKIE)
    String session;
}
