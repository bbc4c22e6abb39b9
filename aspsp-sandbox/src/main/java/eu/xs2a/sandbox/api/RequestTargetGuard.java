package eu.xs2a.sandbox.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.regex.Pattern;

/**
 * Refuses, before any route is chosen, a request target with a {@code #} or a dot-segment: the public Ingress of the
 * PSU's pages routes {@code /sca/…} by the path up to a {@code #}, and Vert.x resolves the dot-segments after it, so
 * {@code /sca/x#/../../bank/v1/…} or {@code …/../../q/metrics} would reach the bank API or its metrics. The gateway's
 * services have the same guard (xs2a-platform, which the simulated bank does not use: it plays the bank).
 */
@ApplicationScoped
public class RequestTargetGuard {

    private static final Pattern DOT_SEGMENT = Pattern.compile("(/|%2[fF])(\\.|%2[eE]){1,2}(/|%2[fF]|$)");

    void install(@Observes Router router, ObjectMapper json) throws JsonProcessingException {
        String body = json.writeValueAsString(new BankError("FORMAT_ERROR",
                "the request path must not hold a '#' or a dot-segment"));
        router.route().order(-20).handler(context -> {
            if (refused(context.request().uri())) {
                context.response().setStatusCode(400).putHeader("Content-Type", "application/json").end(body);
            } else {
                context.next();
            }
        });
    }

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
