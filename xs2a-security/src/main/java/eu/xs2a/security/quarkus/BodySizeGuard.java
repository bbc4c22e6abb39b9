package eu.xs2a.security.quarkus;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.http.ErrorResponses;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Locale;

/**
 * The request body before the REST layer sees it:
 * <ul>
 *   <li>a request announcing a body over {@code psd2.max-body-size} is answered 413 with the standard body before any
 *       byte is read (the REST layer would otherwise answer with an empty body); bodies without a Content-Length are
 *       limited by the signature filter while it reads them;</li>
 *   <li>a JSON body of announced length is read here, on the IO thread, as it arrives. The REST layer then hands the
 *       request to a worker thread with its body complete. Otherwise the worker reads it through a stream fed by the
 *       IO thread, and waiting on that handoff was about a sixth of consent-service's CPU per consent lookup
 *       (bench/README.md, "What has moved the numbers so far"). Other bodies (the sandbox bank's forms, chunked
 *       and empty bodies) stream as before, and so does every HTTP/2 body: the REST layer pauses each request it
 *       starts, which an HTTP/2 request whose body has been read refuses (IllegalStateException, a 500).</li>
 * </ul>
 */
@ApplicationScoped
public class BodySizeGuard {

    void install(@Observes Router router, SecurityConfig config, ObjectMapper objectMapper) throws JsonProcessingException {
        long limit = config.maxBodySize();
        String body = objectMapper.writeValueAsString(ErrorBody.of(ErrorClass.PAYLOAD_TOO_LARGE,
                "The request body is larger than " + limit + " bytes"));
        // grown as bytes arrive, never sized by the announced length: a client announcing 1 MiB and sending
        // nothing must not take 1 MiB of a 128 MB heap per connection
        BodyHandler readAhead = BodyHandler.create(false).setBodyLimit(limit).setPreallocateBodyBuffer(false);
        router.route().order(-10).handler(context -> {
            long length = announcedLength(context);
            if (length > limit) {
                ErrorResponses.end(context, ErrorClass.PAYLOAD_TOO_LARGE, body, true);
            } else if (length > 0 && readsAhead(context)) {
                readAhead.handle(context); // continues with the next handler once the body is complete
            } else {
                context.next();
            }
        });
    }

    /** The Content-Length, or -1 when there is none (chunked) or it is not a number (Vert.x refuses those). */
    private static long announcedLength(RoutingContext context) {
        String length = context.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length == null) {
            return -1;
        }
        try {
            return Long.parseLong(length.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * A JSON body over HTTP/1.x. Never an empty one (length 0 above): its request ends with its headers, and Vert.x's
     * BodyHandler then waited for that end forever (a hang, seen in PaymentInitiationTest).
     */
    private static boolean readsAhead(RoutingContext context) {
        String type = context.request().getHeader(HttpHeaders.CONTENT_TYPE);
        return type != null && type.strip().toLowerCase(Locale.ROOT).startsWith("application/json")
                && context.request().version() != HttpVersion.HTTP_2;
    }
}
