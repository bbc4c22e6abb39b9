package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.domain.OAuthLogin;
import eu.xs2a.sandbox.domain.OAuthLoginService;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Optional;

/**
 * The page a gateway's OAuth authorize step sends the PSU to: what the TPP asks for, the login form with
 * "Log in and allow", and "Deny". Either ends the login and sends the browser back to the gateway.
 */
@Path("/oauth-login/{token}")
@Produces(MediaType.TEXT_HTML)
public class OAuthLoginPageResource {

    @Inject OAuthLoginService logins;

    @GET
    public Response page(@PathParam("token") String token, @CookieParam(Csrf.COOKIE) String csrfCookie) {
        Optional<OAuthLogin> login = logins.open(token);
        if (login.isEmpty()) {
            return gone();
        }
        String csrf = Csrf.tokenOf(csrfCookie);
        return Pages.form(Pages.Templates.oauthLogin(login.get().tppName, login.get().scope, null, action(token),
                csrf), csrf);
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response decide(@PathParam("token") String token, @CookieParam(Csrf.COOKIE) String csrfCookie,
                           @FormParam(Csrf.FIELD) String csrf, @FormParam("decision") String decision,
                           @FormParam("username") String username, @FormParam("password") String password) {
        if (!Csrf.accepts(csrfCookie, csrf)) {
            return Csrf.refused(csrfCookie);
        }
        Optional<OAuthLogin> open = logins.open(token);
        if (open.isEmpty()) {
            return gone();
        }
        Optional<OAuthLoginService.Decision> decided = logins.decide(token, "allow".equals(decision), username,
                password);
        if (decided.isEmpty()) {
            return gone();
        }
        if (decided.get() instanceof OAuthLoginService.Retry retry) {
            return Pages.form(Pages.Templates.oauthLogin(open.get().tppName, open.get().scope, retry.message(),
                    action(token), csrf), csrf);
        }
        return Response.seeOther(URI.create(((OAuthLoginService.Decided) decided.get()).returnUrl()))
                .header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer").build();
    }

    private static String action(String token) {
        return "/oauth-login/" + token;
    }

    private static Response gone() {
        return Pages.message(404, "This link is no longer valid",
                "It has expired or was used already. Go back to the app you came from and start again.");
    }
}
