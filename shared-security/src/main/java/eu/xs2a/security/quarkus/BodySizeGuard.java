package eu.xs2a.security.quarkus;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.security.error.ErrorBody;
import eu.xs2a.security.error.ErrorClass;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * A request announcing a body over {@code psd2.max-body-size} is answered 413 with the standard body before any
 * byte is read (the REST layer would otherwise answer with an empty body). Bodies without a Content-Length are
 * limited by the signature filter while it reads them.
 */
@ApplicationScoped
public class BodySizeGuard {

    void install(@Observes Router router, SecurityConfig config, ObjectMapper objectMapper) throws JsonProcessingException {
        long limit = config.maxBodySize();
        String body = objectMapper.writeValueAsString(ErrorBody.of(ErrorClass.PAYLOAD_TOO_LARGE,
                "The request body is larger than " + limit + " bytes"));
        router.route().order(-10).handler(context -> {
            String length = context.request().getHeader("Content-Length");
            if (length != null && tooLarge(length, limit)) {
                var response = context.response().setStatusCode(ErrorClass.PAYLOAD_TOO_LARGE.status())
                        .putHeader("Content-Type", "application/json").putHeader("Connection", "close");
                String requestId = context.request().getHeader(RequestIdFilter.HEADER);
                if (requestId != null && requestId.length() <= 100) {
                    response.putHeader(RequestIdFilter.HEADER, requestId);
                }
                response.end(body);
            } else {
                context.next();
            }
        });
    }

    private static boolean tooLarge(String length, long limit) {
        try {
            return Long.parseLong(length.strip()) > limit;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
