package eu.xs2a.sandbox.api;

import io.quarkus.qute.Engine;
import io.quarkus.qute.HtmlEscaper;
import io.quarkus.qute.ReflectionValueResolver;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateLocator.TemplateLocation;
import io.quarkus.qute.Variant;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The PSU pages' template engine: the standalone Qute engine, built once, reading {@code templates/*.html} from the
 * classpath; every value is HTML-escaped.
 */
@ApplicationScoped
public class Pages {

    private static final String ROOT = "templates/";

    private Engine engine;

    @PostConstruct
    void build() {
        engine = Engine.builder()
                .addDefaults()
                .addValueResolver(new ReflectionValueResolver())
                .addResultMapper(new HtmlEscaper(List.of(Variant.TEXT_HTML)))
                .addLocator(Pages::locate)
                .build();
    }

    /**
     * An HTML answer with the headers a bank's login pages need: never cached, never framed (clickjacking), no
     * scripts or foreign resources.
     */
    public Response page(int status, String name, Map<String, Object> data) {
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .header("Cache-Control", "no-store")
                .header("X-Frame-Options", "DENY")
                .header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "no-referrer")
                .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
                .entity(render(name, data)).build();
    }

    public String render(String name, Map<String, Object> data) {
        Template template = engine.getTemplate(name);
        if (template == null) {
            throw new IllegalStateException("no template " + name);
        }
        return template.data(data).render();
    }

    private static Optional<TemplateLocation> locate(String id) {
        String path = ROOT + (id.endsWith(".html") ? id : id + ".html");
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader.getResource(path) == null) {
            return Optional.empty();
        }
        return Optional.of(new TemplateLocation() {
            @Override
            public Reader read() {
                InputStream in = loader.getResourceAsStream(path);
                return new InputStreamReader(in, StandardCharsets.UTF_8);
            }

            @Override
            public Optional<Variant> getVariant() {
                return Optional.of(Variant.forContentType(Variant.TEXT_HTML));
            }
        });
    }
}
