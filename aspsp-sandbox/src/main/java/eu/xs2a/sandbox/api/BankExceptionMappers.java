package eu.xs2a.sandbox.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import eu.xs2a.sandbox.domain.BankException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Every failure of the bank API as the bank's JSON error body; never a stack trace. */
public class BankExceptionMappers {

    private static final Logger LOG = Logger.getLogger(BankExceptionMappers.class);

    /** The pages catch their own refusals; one that still escapes reaches a browser as a page, never as JSON. */
    @ServerExceptionMapper
    public Response bank(BankException e, HttpHeaders headers) {
        if (wantsPage(headers)) {
            return Pages.message(e.status(), "This request cannot be completed", e.getMessage());
        }
        return error(e.status(), e.code(), e.getMessage());
    }

    @ServerExceptionMapper
    public Response unreadableJson(JsonProcessingException e) {
        return error(400, "FORMAT_ERROR", "the body is not the expected JSON: " + e.getOriginalMessage());
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, HttpHeaders headers) {
        int status = e.getResponse().getStatus();
        if (status < 500 && wantsPage(headers)) {
            return Pages.message(status, status == 404 ? "This page does not exist" : "This page cannot be used like this",
                    "Go back to the page you came from.");
        }
        String code = switch (status) {
            case 404 -> "NOT_FOUND";
            case 405 -> "METHOD_NOT_ALLOWED";
            case 415 -> "UNSUPPORTED_MEDIA_TYPE";
            default -> status < 500 ? "FORMAT_ERROR" : "INTERNAL_ERROR";
        };
        return error(status, code, e.getMessage());
    }

    /**
     * Only the PSU's pages take forms, and Quarkus REST decodes a form before the resource runs: a bad {@code %}
     * escape fails there with an IllegalArgumentException, which is the browser's mistake.
     */
    @ServerExceptionMapper
    public Response undecodableForm(IllegalArgumentException e, HttpHeaders headers) {
        if (!MediaType.APPLICATION_FORM_URLENCODED_TYPE.isCompatible(headers.getMediaType())) {
            return unexpected(e, headers);
        }
        // not the exception's message: it quotes the undecodable value, which may be the PSU's password
        LOG.info("form refused: a field has a '%' escape that does not decode");
        return Pages.message(400, "The form could not be read", "Go back and send the form again.");
    }

    @ServerExceptionMapper
    public Response unexpected(RuntimeException e, HttpHeaders headers) {
        LOG.error("unexpected failure in the bank", e);
        if (wantsPage(headers)) {
            return Pages.message(500, "Something went wrong", "Please try again later.");
        }
        return error(500, "INTERNAL_ERROR", "the bank failed to process the request");
    }

    /** A browser (a PSU who typed or kept a wrong address) prefers HTML; the gateway's clients ask for JSON. */
    private static boolean wantsPage(HttpHeaders headers) {
        for (MediaType type : headers.getAcceptableMediaTypes()) {
            if (type.isWildcardType()) {
                return false;
            }
            if (MediaType.TEXT_HTML_TYPE.isCompatible(type) || MediaType.APPLICATION_JSON_TYPE.isCompatible(type)) {
                return MediaType.TEXT_HTML_TYPE.isCompatible(type);
            }
        }
        return false;
    }

    static Response error(int status, String code, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(new BankError(code, message)).build();
    }
}
