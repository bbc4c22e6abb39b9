package eu.xs2a.platform.http;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.annotations.StaticInitSafe;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.SmallRyeConfigBuilderCustomizer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

/**
 * Turns off Vert.x's own check of header names and values (system property {@value #PROPERTY}), so that a request
 * with a control character in a header reaches {@link RequestTargetGuard}, which refuses it in the standard body.
 * Vert.x's check runs in its HTTP/1 decoder, and a request it refuses goes to the server's invalid-request handler
 * (an empty 400, the connection closed), which a Quarkus 3.33 application cannot replace: Quarkus creates and
 * starts the server itself and offers no hook for it (docs/ARCHITECTURE.md "Request pipeline"). The property also
 * turns off Vert.x's check of response headers and of the headers of its HTTP client: {@link ResponseHeaderGuard}
 * and the client filter of {@code RestClients} make those checks instead.
 *
 * <p>Vert.x reads the property once, when {@code io.vertx.core.http.HttpHeaders} is initialised. In a JVM (a packaged
 * jar, a test) this sets it as the configuration is built, before Vert.x starts, so no launcher has to pass it. A
 * native image initialises {@code HttpHeaders} while it is built (Quarkus initialises classes at build time unless
 * told otherwise), so each service sets it for the image builder too, {@code quarkus.native.additional-build-args=
 * -J-Dvertx.disableHttpHeadersValidation=true}. A value given on the command line
 * ({@code -Dvertx.disableHttpHeadersValidation=false}) is kept: Vert.x then refuses such requests with its empty 400.
 * {@link Report} says at start which of the two is in force. Registered in META-INF/services.
 */
@StaticInitSafe
public class VertxHeaderValidation implements SmallRyeConfigBuilderCustomizer {

    public static final String PROPERTY = "vertx.disableHttpHeadersValidation";

    private static final Logger LOG = Logger.getLogger(VertxHeaderValidation.class);

    @Override
    public void configBuilder(SmallRyeConfigBuilder builder) {
        turnOff();
    }

    static void turnOff() {
        if (System.getProperty(PROPERTY) == null) {
            System.setProperty(PROPERTY, "true");
        }
    }

    /** Whether Vert.x checks request headers itself (and so answers a malformed one with its empty 400). */
    public static boolean vertxChecksHeaders() {
        return !io.vertx.core.http.HttpHeaders.DISABLE_HTTP_HEADERS_VALIDATION;
    }

    @ApplicationScoped
    static class Report {

        void report(@Observes StartupEvent start) {
            if (vertxChecksHeaders()) {
                LOG.warnf("Vert.x checks request headers itself (%s is not true when it starts): a request with a"
                        + " control character in a header gets its empty 400, not the standard body", PROPERTY);
            } else {
                LOG.debugf("Request and response headers are checked by RequestTargetGuard and ResponseHeaderGuard"
                        + " (%s=true)", PROPERTY);
            }
        }
    }
}
