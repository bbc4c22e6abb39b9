package eu.xs2a.platform.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.validation.HeaderFields;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.WeakHashMap;
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
 *
 * <p>Last, a header of the interface given twice ({@link #SINGLE_VALUED}: every Berlin Group request header holds one
 * value) is a {@code FormatError}, as a repeated query parameter is: JAX-RS would quietly take the first value, or
 * the two joined, so a TPP or a proxy that added a second {@code Consent-ID} would get an answer to another question.
 */
@ApplicationScoped
public class RequestTargetGuard {

    private static final Logger LOG = Logger.getLogger(RequestTargetGuard.class);

    /**
     * HTTP/1 connections that had a malformed header and are being closed: a request that was read after it (sent in
     * the same packet, pipelined) is never handled. Weak: a closed connection leaves once it is collected.
     */
    private static final Set<HttpConnection> CLOSING = Collections.synchronizedSet(
            Collections.newSetFromMap(new WeakHashMap<>()));

    /**
     * The request headers of the interface; each is one value, so given twice it is refused. Compared without case and
     * without lower-casing each name of each request (this runs on every request).
     */
    static final Set<String> SINGLE_VALUED = caseInsensitive("x-request-id", "consent-id", "digest", "signature",
            "tpp-signature-certificate", "date", "authorization", "content-type", "psu-id", "psu-id-type",
            "psu-corporate-id", "psu-corporate-id-type", "psu-ip-address", "psu-ip-port", "psu-user-agent",
            "psu-geo-location", "psu-device-id", "psu-http-method", "psu-accept", "psu-accept-charset",
            "psu-accept-encoding", "psu-accept-language", "tpp-redirect-preferred", "tpp-redirect-uri",
            "tpp-nok-redirect-uri", "tpp-explicit-authorisation-preferred", "tpp-decoupled-preferred",
            "tpp-notification-uri", "tpp-notification-content-preferred", "tpp-rejection-nofunds-preferred",
            "tpp-brand-logging-information");

    /** The rule of the local ingress (ingress/render-nginx), applied to the path before any query. */
    private static final Pattern DOT_SEGMENT = Pattern.compile("(/|%2[fF])(\\.|%2[eE]){1,2}(/|%2[fF]|$)");

    void install(@Observes Router router, ObjectMapper objectMapper) throws JsonProcessingException {
        String body = objectMapper.writeValueAsString(ErrorBody.of(ErrorClass.FORMAT_ERROR,
                "The request path must not hold a '#' or a dot-segment ('.' or '..')"));
        router.route().order(-20).handler(context -> {
            HttpConnection connection = context.request().connection();
            if (connection != null && CLOSING.contains(connection)) {
                connection.close(); // read after a malformed header on the same connection: never handled
                return;
            }
            if (refused(context.request().uri())) {
                ErrorResponses.end(context, ErrorClass.FORMAT_ERROR, body, false);
                return;
            }
            String headerRefusal = headerRefusal(context.request().headers());
            if (headerRefusal != null) {
                refuse(context, objectMapper, headerRefusal);
                return;
            }
            String repeated = repeatedHeader(context.request().headers());
            if (repeated != null) {
                // well-formed, so the connection stays open: only this request is refused
                LOG.infof("%s %s refused %d %s: %s", context.request().method(),
                        ErrorMappers.loggedPath(context.request().path()), ErrorClass.FORMAT_ERROR.status(),
                        ErrorClass.FORMAT_ERROR.code(), repeated);
                ErrorResponses.end(context, ErrorClass.FORMAT_ERROR, json(objectMapper, repeated), false);
                return;
            }
            context.next();
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

    private static Set<String> caseInsensitive(String... names) {
        Set<String> set = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        set.addAll(List.of(names));
        return Collections.unmodifiableSet(set);
    }

    /** The first header of the interface given more than once, as the sentence that says so; null when none is. */
    static String repeatedHeader(MultiMap headers) {
        Set<String> seen = null;
        for (Map.Entry<String, String> header : headers) {
            String name = header.getKey();
            if (SINGLE_VALUED.contains(name)) {
                if (seen == null) {
                    seen = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
                }
                if (!seen.add(name)) {
                    return "Header " + header.getKey() + " is given more than once";
                }
            }
        }
        return null;
    }

    private static String json(ObjectMapper objectMapper, String message) {
        try {
            return objectMapper.writeValueAsString(ErrorBody.of(ErrorClass.FORMAT_ERROR, message));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("The standard error body could not be written", e);
        }
    }

    private static void refuse(RoutingContext context, ObjectMapper objectMapper, String message) {
        String json = json(objectMapper, message);
        // as ErrorMappers logs a refusal; the message quotes nothing the caller sent but a header name, made safe
        LOG.infof("%s %s refused %d %s: %s", context.request().method(),
                ErrorMappers.loggedPath(context.request().path()), ErrorClass.FORMAT_ERROR.status(),
                ErrorClass.FORMAT_ERROR.code(), message);
        // and close the connection once the answer is written, as Vert.x did, without handling any request read
        // after this one: a malformed header name may be one another reader took otherwise (e.g. "Content-Length : 38"
        // as a length), so the bytes after it are never a request of their own. Vert.x keeps an HTTP/1.1
        // connection open for a "Connection: close" it did not set itself, and it hands a pipelined request on as
        // soon as this answer ends. An HTTP/2 connection carries other streams and frames its messages itself.
        HttpConnection connection = context.request().version() == HttpVersion.HTTP_2 ? null
                : context.request().connection();
        if (connection != null) {
            CLOSING.add(connection);
        }
        ErrorResponses.end(context, ErrorClass.FORMAT_ERROR, json, connection != null);
        if (connection != null) {
            connection.close(); // after what was written is flushed
        }
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
