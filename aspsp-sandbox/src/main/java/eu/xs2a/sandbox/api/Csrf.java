package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.domain.Secrets;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The CSRF token of the PSU pages: one random token per browser session (a session cookie {@value #COOKIE},
 * HttpOnly, SameSite=Lax, for the whole bank), repeated in the hidden field {@value #FIELD} of every form. A form
 * post is served only when the field equals the cookie (compared in constant time); otherwise, before anything else
 * happens (no login attempt is counted, no decision taken), the PSU gets an HTML page saying the form has expired.
 * Another site can make a browser post a form here, but cannot read or set the cookie, so it cannot fill the field.
 */
final class Csrf {

    static final String COOKIE = "SANDBOX_CSRF";
    static final String FIELD = "csrf";

    private Csrf() {
    }

    /** The token of this browser: its cookie's when it has one of ours, else a new one (set with {@link #cookie}). */
    static String tokenOf(String cookie) {
        return cookie != null && cookie.matches("[A-Za-z0-9_-]{43}") ? cookie : Secrets.randomToken();
    }

    /** Whether a form's field carries this browser's token. */
    static boolean accepts(String cookie, String field) {
        if (cookie == null || field == null || cookie.isEmpty()) {
            return false;
        }
        return MessageDigest.isEqual(cookie.getBytes(StandardCharsets.UTF_8), field.getBytes(StandardCharsets.UTF_8));
    }

    /** The cookie that carries the token (marked Secure behind TLS by {@link TlsResponses}). */
    static NewCookie cookie(String token) {
        return new NewCookie.Builder(COOKIE).value(token).path("/").httpOnly(true).sameSite(NewCookie.SameSite.LAX)
                .build();
    }

    /** The page a form without the right token gets (403), with a fresh token, so that a reload works again. */
    static Response refused(String cookie) {
        return Response.fromResponse(Pages.message(403, "This page has expired",
                        "For your security this form could not be accepted: it did not come from a page this bank "
                                + "showed you in this browser session. Go back, reload the page and try again."))
                .cookie(cookie(tokenOf(cookie))).build();
    }
}
