package eu.xs2a.platform.http;

import eu.xs2a.platform.validation.HeaderFields;
import io.vertx.core.MultiMap;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * No response leaves a service with a header that is not well-formed ({@link HeaderFields}: a name that is not a
 * token, a value with a control character such as CR or LF). That is Vert.x's own check of response headers, which
 * goes off with its check of request headers ({@link VertxHeaderValidation}); without it a value built from input
 * with a CR LF in it (a percent-decoded path or query parameter, a JSON string) would split the response.
 *
 * <p>Made as the response's headers are written (a headers-end handler of the router's first route, so the last to
 * run): each such header is removed, with one ERROR line naming it and why (never its value). Such a header is a bug
 * (every header the services send is built from checked values), so the answer goes out without it rather than not
 * at all.
 */
@ApplicationScoped
public class ResponseHeaderGuard {

    private static final Logger LOG = Logger.getLogger(ResponseHeaderGuard.class);

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(context -> {
            context.addHeadersEndHandler(v -> removeMalformed(context.response().headers(), context.request().path()));
            context.next();
        });
    }

    /** Removes every header that is not well-formed; answers how many were removed. */
    static int removeMalformed(MultiMap headers, String path) {
        List<String> malformed = null;
        for (Map.Entry<String, String> header : headers) {
            String refusal = HeaderFields.refusal(header.getKey(), header.getValue());
            if (refusal != null) {
                if (malformed == null) {
                    malformed = new ArrayList<>(1);
                }
                malformed.add(header.getKey());
                LOG.errorf("Response header removed from the answer to %s: %s", ErrorMappers.loggedPath(path),
                        refusal);
            }
        }
        if (malformed == null) {
            return 0;
        }
        malformed.forEach(headers::remove);
        return malformed.size();
    }
}
