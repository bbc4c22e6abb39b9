package eu.xs2a.platform.http;

import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.validation.RedirectUris;
import io.quarkus.qute.Engine;
import io.quarkus.qute.HtmlEscaper;
import io.quarkus.qute.Template;
import io.quarkus.qute.Variant;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The short HTML page a PSU's browser gets from a gateway service (docs/ARCHITECTURE.md "PSU browser pages"): what
 * happened in a sentence and, when the TPP is known, a link back to it. Errors become such a page in
 * {@link BrowserErrorPageFilter}; a resource that ends the PSU's visit itself (a callback without a TPP redirect
 * URI) answers {@link #page}. Rendered by the standalone Qute engine, every value HTML-escaped; the template is
 * in this class, so a native image needs no resource of its own.
 * <p>Not quarkus-qute: this library's one page is rendered from static code (a filter, plain unit tests) of every
 * service, which a {@code @CheckedTemplate} (a build step of the application, its templates in the application) is not.
 */
public final class BrowserPages {

    /** A request property: the TPP's return URI of a refused browser request ({@code Psd2Exception.withTppReturn}). */
    static final String TPP_RETURN = BrowserPages.class.getName() + ".tppReturn";

    public static final MediaType HTML = MediaType.TEXT_HTML_TYPE.withCharset("UTF-8");

    /**
     * Never cached (a one-time link's answer), never framed, no scripts or foreign resources, and no Referer: the
     * address holds the link's secret. {@code Vary: Accept}, since a client asking for JSON gets the error body.
     */
    private static final Map<String, String> HEADERS = Map.of(
            "Cache-Control", "no-store",
            "Vary", "Accept",
            "X-Frame-Options", "DENY",
            "X-Content-Type-Options", "nosniff",
            "Referrer-Policy", "no-referrer",
            "Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");

    /** The ids are those of aspsp-sandbox's message page, which {@code bin/tpp sca} reads to say what a page said. */
    private static final String TEMPLATE = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>{title}</title>
            <style>
              body { margin: 0; font-family: -apple-system, "Segoe UI", Roboto, Arial, sans-serif; background: #f2f4f7; color: #1d2733; }
              main { max-width: 480px; margin: 48px auto; padding: 20px; background: #fff; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
              h1 { font-size: 1.3rem; margin: 0 0 12px; }
              .hint { color: #5b6b7b; font-size: .9rem; }
              a.back { display: inline-block; margin-top: 12px; padding: 11px 18px; background: #0b3d6e; color: #fff; border-radius: 4px; text-decoration: none; }
            </style>
            </head>
            <body>
            <main>
            <h1 id="message-title">{title}</h1>
            <p id="message-text">{message}</p>
            {#if hint}<p id="message-hint" class="hint">{hint}</p>{/if}
            {#if back}<a id="back-to-tpp" class="back" href="{back}">Back to {backHost}</a>{/if}
            </main>
            </body>
            </html>
            """;

    private static final Template PAGE = Engine.builder()
            .addDefaults()
            .addResultMapper(new HtmlEscaper(List.of(Variant.TEXT_HTML)))
            .build()
            .parse(TEMPLATE, Variant.forContentType(Variant.TEXT_HTML), "browser-page");

    private BrowserPages() {
    }

    /**
     * HTML unless the client asks for JSON: the first of the Accept header's types (highest preference first) that
     * names HTML or JSON decides; wildcards decide nothing, so a browser, a bare wildcard and no Accept get HTML.
     */
    public static boolean wantsJson(List<MediaType> acceptable) {
        for (MediaType type : acceptable) {
            if (type.isWildcardType() || type.isWildcardSubtype()) {
                continue;
            }
            String name = (type.getType() + "/" + type.getSubtype()).toLowerCase(Locale.ROOT);
            if (name.equals(MediaType.TEXT_HTML) || name.equals(MediaType.APPLICATION_XHTML_XML)) {
                return false;
            }
            if (name.equals(MediaType.APPLICATION_JSON) || name.startsWith("application/") && name.endsWith("+json")) {
                return true;
            }
        }
        return false;
    }

    /** A page the PSU's visit ends on; {@code tppReturnUri} (or null) becomes the link back to the TPP. */
    public static Response page(int status, String title, String message, String tppReturnUri) {
        Response.ResponseBuilder builder = Response.status(status).type(HTML)
                .entity(render(title, message, null, tppReturnUri));
        HEADERS.forEach(builder::header);
        return builder.build();
    }

    /** The page of an error: a title for its status, the body's message, and the link back when there is one. */
    static String errorPage(int status, ErrorBody body, String tppReturnUri) {
        String title;
        String hint = null;
        if (status == 404 || status == 410) {
            title = "This link cannot be used";
        } else if (status == 503) {
            title = "The bank cannot be reached right now";
            hint = "Please try the same link again in a moment.";
        } else if (status == 429) {
            title = "Too many attempts";
            hint = "Please try again later.";
        } else if (status >= 500) {
            title = "Something went wrong";
        } else {
            title = "This request cannot be completed";
        }
        return render(title, body.errorMessage(), hint, tppReturnUri);
    }

    static void addHeaders(MultivaluedMap<String, Object> headers) {
        HEADERS.forEach(headers::putSingle);
    }

    private static String render(String title, String message, String hint, String tppReturnUri) {
        Map<String, Object> data = new HashMap<>();
        data.put("title", title);
        data.put("message", message);
        data.put("hint", hint);
        data.put("back", null);     // Qute renders strictly: every key the template names is present
        data.put("backHost", null);
        // the URI was checked when the TPP sent it; checked again so that no other scheme can become a link
        if (tppReturnUri != null && RedirectUris.fault(tppReturnUri) == null) {
            data.put("back", tppReturnUri);
            data.put("backHost", URI.create(tppReturnUri).getHost());
        }
        return PAGE.data(data).render();
    }
}
