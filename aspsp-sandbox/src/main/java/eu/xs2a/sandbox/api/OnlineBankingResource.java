package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.domain.BankException;
import eu.xs2a.sandbox.domain.OnlineBankingService;
import eu.xs2a.sandbox.domain.Psu;
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
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Optional;

/** The PSU's online banking: the consents given to TPPs, with Revoke. */
@Path("/online-banking")
@Produces(MediaType.TEXT_HTML)
public class OnlineBankingResource {

    public static final String SESSION_COOKIE = "SANDBOX_OB";
    private static final String PATH = "/online-banking";

    @Inject
    OnlineBankingService banking;

    @GET
    public Response home(@CookieParam(SESSION_COOKIE) String session) {
        Optional<Psu> psu = banking.psuOf(session);
        if (psu.isEmpty()) {
            return Pages.page(200, Pages.Templates.bankingLogin(null));
        }
        return Pages.page(200, Pages.Templates.banking(psu.get().fullName, banking.consentsOf(psu.get())));
    }

    @POST
    @Path("/login")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response login(@FormParam("username") String username, @FormParam("password") String password) {
        return banking.login(username, password)
                .map(cookie -> Response.seeOther(URI.create(PATH)).cookie(cookie(cookie, false)).build())
                .orElseGet(() -> Pages.page(200, Pages.Templates.bankingLogin("Wrong username or password.")));
    }

    @POST
    @Path("/consents/{bankConsentId}/revoke")
    public Response revoke(@CookieParam(SESSION_COOKIE) String session, @PathParam("bankConsentId") String bankConsentId) {
        Optional<Psu> psu = banking.psuOf(session);
        if (psu.isEmpty()) {
            return Response.seeOther(URI.create(PATH)).build();
        }
        try {
            banking.revoke(psu.get(), bankConsentId);
        } catch (BankException e) {
            return Pages.message(e.status(), "This access cannot be revoked", e.getMessage());
        }
        return Response.seeOther(URI.create(PATH)).build();
    }

    @POST
    @Path("/logout")
    public Response logout(@CookieParam(SESSION_COOKIE) String session) {
        banking.logout(session);
        return Response.seeOther(URI.create(PATH)).cookie(cookie("", true)).build();
    }

    private static NewCookie cookie(String value, boolean expire) {
        NewCookie.Builder builder = new NewCookie.Builder(SESSION_COOKIE).value(value).path(PATH).httpOnly(true)
                .sameSite(NewCookie.SameSite.LAX);
        if (expire) {
            builder.maxAge(0);
        }
        return builder.build();
    }
}
