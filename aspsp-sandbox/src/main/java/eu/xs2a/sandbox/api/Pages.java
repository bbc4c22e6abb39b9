package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.domain.OnlineBankingService.GivenConsent;
import eu.xs2a.sandbox.domain.ScaStep;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateData;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/**
 * The PSU's pages: Quarkus Qute's type-checked templates in {@code templates/*.html} (a wrong name in a template fails
 * the build, not a PSU's page), every value HTML-escaped. The summary a decision or code page includes
 * ({@code summary.html}) reads the records named below. Every form carries the browser's CSRF token ({@link Csrf}).
 */
@TemplateData(target = ScaStep.Summary.class)
@TemplateData(target = ScaStep.Line.class)
@TemplateData(target = ScaStep.AccountChoice.class)
@TemplateData(target = ScaStep.PayeeNotice.class)
public final class Pages {

    private Pages() {
    }

    @CheckedTemplate(basePath = "", defaultName = CheckedTemplate.HYPHENATED_ELEMENT_NAME)
    static class Templates {

        /** An SCA link's login form. */
        static native TemplateInstance login(String tppName, String error, String action, String csrf);

        /** What the TPP asks for, with Approve / Deny. */
        static native TemplateInstance decision(ScaStep.Summary summary, String error, String action, String csrf);

        /** The one-time code form. */
        static native TemplateInstance otp(ScaStep.Summary summary, String error, String action, String csrf);

        /** A gateway's OAuth login: what the TPP asks for, the login form, Log in and allow / Deny. */
        static native TemplateInstance oauthLogin(String tppName, String scope, String error, String action,
                                                  String csrf);

        /** A refusal or a failure, as a title and a sentence. */
        static native TemplateInstance message(String title, String message);

        /** Online banking's login form. */
        static native TemplateInstance bankingLogin(String error, String csrf);

        /** Online banking: the consents the PSU gave. */
        static native TemplateInstance banking(String psuName, List<GivenConsent> consents,
                                               List<eu.xs2a.sandbox.domain.Payment> standingOrders, String csrf);
    }

    /** A page with forms: the page, and the cookie with the CSRF token its forms carry. */
    static Response form(TemplateInstance page, String csrfToken) {
        return Response.fromResponse(page(200, page)).cookie(Csrf.cookie(csrfToken)).build();
    }

    /** A title and a sentence, with the given status. */
    static Response message(int status, String title, String message) {
        return page(status, Templates.message(title, message));
    }

    /**
     * An HTML answer with the headers a bank's login pages need: never cached, never framed (clickjacking), no
     * scripts or foreign resources.
     */
    static Response page(int status, TemplateInstance page) {
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .header("Cache-Control", "no-store")
                .header("X-Frame-Options", "DENY")
                .header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "no-referrer")
                .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
                .entity(page.render()).build();
    }
}
