package eu.xs2a.platform.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.validation.HeaderFields;
import io.vertx.core.MultiMap;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * Refuses, before any route is chosen, a request target whose path has a dot-segment ({@code /../}, also
 * percent-encoded) or a {@code #}. An ingress routes on the path as it reads it, and nginx cuts it at a {@code #}
 * while Vert.x resolves the dot-segments after it: {@code /p/api/berlingroup/v1/consents/x#/../../../../../../q/metrics}
 * passed a consent route and reached {@code /q/metrics}. The local ingress refuses such targets itself; a Kubernetes
 * ingress controller may not, so every service does. No client of this API needs either: a fragment is never sent,
 * and every path of the API is plain segments.
 *
 * <p>It then refuses a header whose name is not a token or whose value holds a control character
 * ({@link HeaderFields}), as {@code FormatError} naming the header and the character's position. Vert.x would refuse
 * such a request itself while decoding it, with an empty 400 and no way for a Quarkus application to answer in the
 * standard body; the services turn that check off ({@link VertxHeaderValidation}) and make it here instead, before
 * any other handler reads a header. Turning it off also turns off Vert.x's check of response headers:
 * {@link ResponseHeaderGuard} makes that one.
 */
@ApplicationScoped
public class RequestTargetGuard {

    private static final Logger LOG = Logger.getLogger(RequestTargetGuard.class);

    /** The rule of the local ingress (ingress/render-nginx), applied to the path before any query. */
    private static final Pattern DOT_SEGMENT = Pattern.compile("(/|%2[fF])(\\.|%2[eE]){1,2}(/|%2[fF]|$)");

    void install(@Observes Router router, ObjectMapper objectMapper) throws JsonProcessingException {
        String body = objectMapper.writeValueAsString(ErrorBody.of(ErrorClass.FORMAT_ERROR,
                "The request path must not hold a '#' or a dot-segment ('.' or '..')"));
        router.route().order(-20).handler(context -> {
            if (refused(context.request().uri())) {
                ErrorResponses.end(context, ErrorClass.FORMAT_ERROR, body, false);
                return;
            }
            String headerRefusal = headerRefusal(context.request().headers());
            if (headerRefusal != null) {
                refuse(context, objectMapper, headerRefusal);
            } else {
                context.next();
            }
        });
    }

    /** The first header that is not well-formed, as the sentence that says why; null when all are. */
    static String headerRefusal(MultiMap headers) {
        for (Map.Entry<String, String> header : headers) {
            String refusal = HeaderFields.refusal(header.getKey(), header.getValue());
            if (refusal != null) {
                return refusal;
            }
        }
        return null;
    }

    private static void refuse(RoutingContext context, ObjectMapper objectMapper, String message) {
        String json;
        try {
            json = objectMapper.writeValueAsString(ErrorBody.of(ErrorClass.FORMAT_ERROR, message));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("The standard error body could not be written", e);
        }
        // as ErrorMappers logs a refusal; the message quotes nothing the caller sent but a header name, made safe
        LOG.infof("%s %s refused %d %s: %s", context.request().method(),
                ErrorMappers.loggedPath(context.request().path()), ErrorClass.FORMAT_ERROR.status(),
                ErrorClass.FORMAT_ERROR.code(), message);
        ErrorResponses.end(context, ErrorClass.FORMAT_ERROR, json, false);
    }

    /** The raw request target (path and query, as sent) has a {@code #}, or its path a dot-segment. */
    static boolean refused(String target) {
        if (target == null) {
            return false;
        }
        if (target.indexOf('#') >= 0) {
            return true;
        }
        int query = target.indexOf('?');
        String path = query < 0 ? target : target.substring(0, query);
        return (path.indexOf('.') >= 0 || path.indexOf('%') >= 0) && DOT_SEGMENT.matcher(path).find();
    }
}
