package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.domain.BankException;
import eu.xs2a.sandbox.domain.OnlineBankingService;
import eu.xs2a.sandbox.domain.Psu;
import eu.xs2a.sandbox.events.BankEventDelivery;
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

/**
 * The PSU's online banking: the consents given to TPPs, with Revoke. Every form post must carry the browser's CSRF
 * token ({@link Csrf}); a PSU's login locks after wrong passwords ({@code PsuLogin}).
 */
@Path("/online-banking")
@Produces(MediaType.TEXT_HTML)
public class OnlineBankingResource {

    public static final String SESSION_COOKIE = "SANDBOX_OB";
    private static final String PATH = "/online-banking";

    @Inject OnlineBankingService banking;
    @Inject BankEventDelivery events;

    @GET
    public Response home(@CookieParam(SESSION_COOKIE) String session, @CookieParam(Csrf.COOKIE) String csrfCookie) {
        String csrf = Csrf.tokenOf(csrfCookie);
        Optional<Psu> psu = banking.psuOf(session);
        if (psu.isEmpty()) {
            return Pages.form(Pages.Templates.bankingLogin(null, csrf), csrf);
        }
        return Pages.form(Pages.Templates.banking(psu.get().fullName, banking.consentsOf(psu.get()),
                banking.standingOrdersOf(psu.get()), csrf), csrf);
    }

    @POST
    @Path("/login")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response login(@CookieParam(Csrf.COOKIE) String csrfCookie, @FormParam(Csrf.FIELD) String csrf,
                          @FormParam("username") String username, @FormParam("password") String password) {
        if (!Csrf.accepts(csrfCookie, csrf)) {
            return Csrf.refused(csrfCookie);
        }
        OnlineBankingService.Login login = banking.login(username, password);
        if (login instanceof OnlineBankingService.LoggedIn in) {
            return Response.seeOther(URI.create(PATH)).cookie(cookie(in.cookie(), false)).build();
        }
        return Pages.form(Pages.Templates.bankingLogin(((OnlineBankingService.NotLoggedIn) login).message(), csrf),
                csrf);
    }

    @POST
    @Path("/consents/{bankConsentId}/revoke")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response revoke(@CookieParam(SESSION_COOKIE) String session, @CookieParam(Csrf.COOKIE) String csrfCookie,
                           @FormParam(Csrf.FIELD) String csrf, @PathParam("bankConsentId") String bankConsentId) {
        if (!Csrf.accepts(csrfCookie, csrf)) {
            return Csrf.refused(csrfCookie);
        }
        Optional<Psu> psu = banking.psuOf(session);
        if (psu.isEmpty()) {
            return Response.seeOther(URI.create(PATH)).build();
        }
        try {
            banking.revoke(psu.get(), bankConsentId);
        } catch (BankException e) {
            return Pages.message(e.status(), "This access cannot be revoked", e.getMessage());
        }
        // committed: the gateway hears of it before the PSU sees the page (one attempt, a short timeout)
        events.deliverNow(bankConsentId);
        return Response.seeOther(URI.create(PATH)).build();
    }

    @POST
    @Path("/logout")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response logout(@CookieParam(SESSION_COOKIE) String session, @CookieParam(Csrf.COOKIE) String csrfCookie,
                           @FormParam(Csrf.FIELD) String csrf) {
        if (!Csrf.accepts(csrfCookie, csrf)) {
            return Csrf.refused(csrfCookie);
        }
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
