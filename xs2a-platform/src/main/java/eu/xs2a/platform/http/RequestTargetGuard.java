package eu.xs2a.platform.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.error.ErrorClass;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.regex.Pattern;

/**
 * Refuses, before any route is chosen, a request target whose path has a dot-segment ({@code /../}, also
 * percent-encoded) or a {@code #}. An ingress routes on the path as it reads it, and nginx cuts it at a {@code #}
 * while Vert.x resolves the dot-segments after it: {@code /p/api/berlingroup/v1/consents/x#/../../../../../../q/metrics}
 * passed a consent route and reached {@code /q/metrics}. The local ingress refuses such targets itself; a Kubernetes
 * ingress controller may not, so every service does. No client of this API needs either: a fragment is never sent,
 * and every path of the API is plain segments.
 */
@ApplicationScoped
public class RequestTargetGuard {

    /** The rule of the local ingress (ingress/render-nginx), applied to the path before any query. */
    private static final Pattern DOT_SEGMENT = Pattern.compile("(/|%2[fF])(\\.|%2[eE]){1,2}(/|%2[fF]|$)");

    void install(@Observes Router router, ObjectMapper objectMapper) throws JsonProcessingException {
        String body = objectMapper.writeValueAsString(ErrorBody.of(ErrorClass.FORMAT_ERROR,
                "The request path must not hold a '#' or a dot-segment ('.' or '..')"));
        router.route().order(-20).handler(context -> {
            if (refused(context.request().uri())) {
                ErrorResponses.end(context, ErrorClass.FORMAT_ERROR, body, false);
            } else {
                context.next();
            }
        });
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
