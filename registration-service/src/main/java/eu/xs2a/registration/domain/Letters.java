package eu.xs2a.registration.domain;

import eu.xs2a.platform.task.TaskQueue;
import eu.xs2a.registration.mail.LetterTask;
import eu.xs2a.registration.persistence.LetterRepository;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.qute.Variant;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.List;

/**
 * Writes confirmation letters (a text and an HTML part, rendered from the type-checked Qute templates in
 * {@code templates/letters/}) into the outbox with the task that sends it ({@code mail.LetterTask}), inside the
 * caller's transaction: the letter exists exactly when the registration does.
 */
@ApplicationScoped
public class Letters {

    private static final Variant TEXT = Variant.forContentType(Variant.TEXT_PLAIN);
    private static final Variant HTML = Variant.forContentType(Variant.TEXT_HTML);

    /** A certificate as shown in a letter. */
    public record CertificateLine(String name, String serial, String issuer, String notAfter, String roles) {
        static CertificateLine of(TppCertificate c) {
            return new CertificateLine(c.name, c.serial, c.issuer, c.notAfter.toString(),
                    c.roles.isEmpty() ? "none" : c.roles.replace(",", ", "));
        }
    }

    /**
     * One method per letter, each with a {@code .txt} and an {@code .html} template of its hyphenated name: every
     * expression in both is checked against these parameters at build time. The HTML part is escaped (by its suffix).
     */
    @CheckedTemplate(basePath = "letters", defaultName = CheckedTemplate.HYPHENATED_ELEMENT_NAME)
    static class Templates {

        static native TemplateInstance tppRegistered(String name, String company, String tppId,
                                                     CertificateLine certificate, String scopes);

        static native TemplateInstance certificateAdded(String name, String organisation, String tppId,
                                                        CertificateLine certificate, String scopes);

        static native TemplateInstance clientRegistered(String clientId, String clientName, String softwareId,
                                                        String tppId, String scope, List<String> redirectUris);
    }

    @Inject LetterRepository letters;
    @Inject TaskQueue tasks;
    @Inject Clock clock;

    @Transactional(Transactional.TxType.MANDATORY)
    public void tppRegistered(Tpp tpp, TppCertificate certificate, List<String> scopes) {
        enqueue(tpp.representativeEmail, "Your registration as a TPP is confirmed", Templates.tppRegistered(
                tpp.representativeName, tpp.companyName, tpp.id, CertificateLine.of(certificate),
                String.join(", ", scopes)));
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void certificateAdded(String recipient, String name, String organisation, TppCertificate certificate,
                                 List<String> scopes) {
        enqueue(recipient, "A certificate was added to your TPP registration", Templates.certificateAdded(
                name, organisation, certificate.tppId, CertificateLine.of(certificate), String.join(", ", scopes)));
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void clientRegistered(String recipient, OAuthClient client) {
        enqueue(recipient, "Your client registration is confirmed", Templates.clientRegistered(
                client.clientId, client.clientName == null ? client.softwareId : client.clientName,
                client.softwareId, client.tppId, client.scope, OAuthClient.split(client.redirectUris)));
    }

    private void enqueue(String recipient, String subject, TemplateInstance letter) {
        String text = letter.setAttribute(TemplateInstance.SELECTED_VARIANT, TEXT).render();
        String html = letter.setAttribute(TemplateInstance.SELECTED_VARIANT, HTML).render();
        Letter pending = Letter.pending(recipient, subject, text, html, clock.instant());
        letters.persist(pending);
        tasks.enqueue(LetterTask.of(pending));
    }
}
