package eu.xs2a.registration.domain;

import eu.xs2a.registration.persistence.LetterRepository;
import io.quarkus.qute.Engine;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.quarkus.qute.HtmlEscaper;
import io.quarkus.qute.ReflectionValueResolver;
import io.quarkus.qute.Template;
import io.quarkus.qute.Variant;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes confirmation letters (text and HTML, rendered with Qute templates from {@code letters/} on the classpath)
 * into the outbox, inside the caller's transaction: the letter exists exactly when the registration does.
 */
@ApplicationScoped
public class Letters {

    private static final String TEMPLATES = "letters/";

    /** A certificate as shown in a letter (read by Qute's reflection resolver, kept in a native image). */
    @RegisterForReflection
    public record CertificateLine(String name, String serial, String issuer, String notAfter, String roles) {
        static CertificateLine of(TppCertificate c) {
            return new CertificateLine(c.name, c.serial, c.issuer, c.notAfter.toString(),
                    c.roles.isEmpty() ? "none" : c.roles.replace(",", ", "));
        }
    }

    private final LetterRepository letters;
    private final Clock clock;
    private final Engine engine = Engine.builder()
            .addDefaults()
            .addValueResolver(new ReflectionValueResolver())
            .addResultMapper(new HtmlEscaper(List.of(Variant.TEXT_HTML)))
            .removeStandaloneLines(true)
            .build();
    private final Map<String, Template> templates = new ConcurrentHashMap<>();

    public Letters(LetterRepository letters, Clock clock) {
        this.letters = letters;
        this.clock = clock;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void tppRegistered(Tpp tpp, TppCertificate certificate, List<String> scopes) {
        enqueue(tpp.representativeEmail, "Your registration as a TPP is confirmed", "tpp-registered", Map.of(
                "name", tpp.representativeName, "company", tpp.companyName, "tppId", tpp.id,
                "certificate", CertificateLine.of(certificate), "scopes", String.join(", ", scopes)));
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void certificateAdded(String recipient, String name, String organisation, TppCertificate certificate,
                                 List<String> scopes) {
        enqueue(recipient, "A certificate was added to your TPP registration", "certificate-added", Map.of(
                "name", name, "organisation", organisation, "tppId", certificate.tppId,
                "certificate", CertificateLine.of(certificate), "scopes", String.join(", ", scopes)));
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void clientRegistered(String recipient, OAuthClient client) {
        enqueue(recipient, "Your client registration is confirmed", "client-registered", Map.of(
                "clientId", client.clientId, "clientName", client.clientName == null ? client.softwareId : client.clientName,
                "softwareId", client.softwareId, "tppId", client.tppId, "scope", client.scope,
                "redirectUris", OAuthClient.split(client.redirectUris)));
    }

    private void enqueue(String recipient, String subject, String template, Map<String, Object> data) {
        String text = template(template + ".txt", Variant.TEXT_PLAIN).data(data).render();
        String html = template(template + ".html", Variant.TEXT_HTML).data(data).render();
        letters.persist(Letter.pending(recipient, subject, text, html, clock.instant()));
    }

    private Template template(String name, String contentType) {
        return templates.computeIfAbsent(name, n -> engine.parse(read(TEMPLATES + n), Variant.forContentType(contentType)));
    }

    private static String read(String resource) {
        try (InputStream in = Letters.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("Letter template missing from the classpath: " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
