package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.domain.BankException;
import eu.xs2a.sandbox.domain.ScaService;
import eu.xs2a.sandbox.domain.ScaStep;
import eu.xs2a.sandbox.events.BankEventDelivery;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import java.util.function.Supplier;

/**
 * The PSU's SCA pages behind the one-time {@code scaUrl} (flow: BANK-API.md, "The PSU's browser"). Every form post
 * must carry the browser's CSRF token ({@link Csrf}); a PSU's login locks after wrong passwords ({@code PsuLogin}).
 */
@Path("/sca/{token}")
@Produces(MediaType.TEXT_HTML)
public class ScaPageResource {

    /** The cookie that binds a link to the browser that logged in with it. */
    public static final String SESSION_COOKIE = "SANDBOX_SCA";

    @Inject ScaService sca;
    @Inject BankEventDelivery events;

    @GET
    public Response open(@BeanParam ScaVisit visit) {
        return answer(visit, () -> sca.open(visit.token, visit.session));
    }

    @POST
    @Path("/login")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response login(@BeanParam ScaVisit visit, @FormParam(Csrf.FIELD) String csrf,
                          @FormParam("username") String username, @FormParam("password") String password) {
        if (!Csrf.accepts(visit.csrfCookie, csrf)) {
            return Csrf.refused(visit.csrfCookie);
        }
        return answer(visit, () -> sca.login(visit.token, visit.session, username, password));
    }

    @GET
    @Path("/decision")
    public Response decisionPage(@BeanParam ScaVisit visit) {
        return answer(visit, () -> sca.decisionPage(visit.token, visit.session));
    }

    @POST
    @Path("/decision")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response decide(@BeanParam ScaVisit visit, @FormParam(Csrf.FIELD) String csrf,
                           @FormParam("decision") String decision, @FormParam("debtorAccount") String debtorAccount,
                           @FormParam("access") List<String> access) {
        if (!Csrf.accepts(visit.csrfCookie, csrf)) {
            return Csrf.refused(visit.csrfCookie);
        }
        return answer(visit, () -> sca.decide(visit.token, visit.session, decision, debtorAccount, access));
    }

    @GET
    @Path("/otp")
    public Response otpPage(@BeanParam ScaVisit visit) {
        return answer(visit, () -> sca.otpPage(visit.token, visit.session));
    }

    @POST
    @Path("/otp")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response confirm(@BeanParam ScaVisit visit, @FormParam(Csrf.FIELD) String csrf,
                            @FormParam("otp") String otp) {
        if (!Csrf.accepts(visit.csrfCookie, csrf)) {
            return Csrf.refused(visit.csrfCookie);
        }
        return answer(visit, () -> sca.confirm(visit.token, visit.session, otp));
    }

    private Response answer(ScaVisit visit, Supplier<ScaStep> step) {
        ScaStep next;
        try {
            next = step.get();
        } catch (BankException e) {
            // the resource changed under the PSU's feet (e.g. cancelled meanwhile)
            return Pages.message(409, "This request is no longer open", e.getMessage());
        }
        String base = "/sca/" + visit.token;
        String csrf = Csrf.tokenOf(visit.csrfCookie);
        if (next instanceof ScaStep.ShowLogin login) {
            return Pages.form(Pages.Templates.login(login.tppName(), login.error(), base + "/login", csrf), csrf);
        }
        if (next instanceof ScaStep.ShowDecision decision) {
            return Pages.form(Pages.Templates.decision(decision.summary(), decision.error(), base + "/decision", csrf),
                    csrf);
        }
        if (next instanceof ScaStep.ShowOtp otp) {
            return Pages.form(Pages.Templates.otp(otp.summary(), otp.error(), base + "/otp", csrf), csrf);
        }
        if (next instanceof ScaStep.Refusal refusal) {
            return Pages.message(refusal.status(), refusal.title(), refusal.message());
        }
        ScaStep.Redirect redirect = (ScaStep.Redirect) next;
        // the step committed status changes: the gateway hears of them before the browser goes back to it
        redirect.finished().forEach(events::deliverNow);
        Response.ResponseBuilder response = Response.seeOther(URI.create(redirect.location()));
        if (redirect.newSession() != null) {
            response.cookie(new NewCookie.Builder(SESSION_COOKIE).value(redirect.newSession()).path(base)
                    .httpOnly(true).sameSite(NewCookie.SameSite.LAX).build());
        }
        return response.build();
    }
}
