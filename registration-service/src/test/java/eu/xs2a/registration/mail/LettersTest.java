package eu.xs2a.registration.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.registration.domain.Letter;
import eu.xs2a.registration.domain.Letters;
import eu.xs2a.registration.domain.OAuthClient;
import eu.xs2a.registration.domain.Tpp;
import eu.xs2a.registration.domain.TppCertificate;
import eu.xs2a.registration.domain.TppRegistration;
import eu.xs2a.registration.support.Api;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The letters' templates (type-checked at build time): the TPP's own words are escaped in the HTML part and kept as
 * they are in the text part.
 */
@QuarkusTest
class LettersTest {

    @Inject Letters letters;

    @Test
    void htmlIsEscapedAndTheTextPartIsPlain() {
        String recipient = Api.email("escape");
        Tpp tpp = Tpp.register("PSDDE-ESC-" + UUID.randomUUID().toString().substring(0, 6),
                new TppRegistration("<script>alert(1)</script> & Co", "o@x.example", null, null, null, null,
                        "Ann <b>", recipient, "c", "qseal"), Instant.now());
        TppCertificate certificate = certificate(tpp.id, "c", "0A", "2030-01-01T00:00:00Z", "PSP_AI");
        QuarkusTransaction.requiringNew().run(() -> letters.tppRegistered(tpp, certificate, List.of("accounts")));

        Letter letter = theLetterTo(recipient);
        assertEquals(Letter.Status.PENDING, letter.status);
        assertTrue(letter.htmlBody.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co"), letter.htmlBody);
        assertFalse(letter.htmlBody.contains("<script>"), letter.htmlBody);
        assertTrue(letter.htmlBody.contains("Dear Ann &lt;b&gt;"), letter.htmlBody);
        assertTrue(letter.textBody.contains("Dear Ann <b>,"), letter.textBody);
        assertTrue(letter.textBody.contains("roles:     PSP_AI"), letter.textBody);
        assertTrue(letter.textBody.contains("Scopes granted: accounts"), letter.textBody);
        // the certificate table, from the letters' shared tag
        assertTrue(letter.htmlBody.contains("<tr><th align=\"left\">Serial</th><td>0A</td></tr>"), letter.htmlBody);
        assertTrue(letter.htmlBody.contains("<tr><th align=\"left\">Roles</th><td>PSP_AI</td></tr>"), letter.htmlBody);
    }

    @Test
    void theClientLetterListsEveryRedirectUriAndNamesTheSoftwareWhenTheClientHasNoName() {
        String recipient = Api.email("client-letter");
        OAuthClient client = new OAuthClient();
        client.clientId = "client-1";
        client.tppId = "PSDDE-LET-1";
        client.softwareId = "software-1";
        client.scope = "openid accounts";
        client.redirectUris = "https://a.example/cb?x=1&y=<2> https://b.example/cb";
        QuarkusTransaction.requiringNew().run(() -> letters.clientRegistered(recipient, client));

        Letter letter = theLetterTo(recipient);
        assertEquals("Your client registration is confirmed", letter.subject);
        assertEquals("""
                Hello,

                the client "software-1" (software software-1) of PSDDE-LET-1 is registered.

                client_id:     client-1
                scope:         openid accounts
                redirect URIs:
                  - https://a.example/cb?x=1&y=<2>
                  - https://b.example/cb

                The client secret was shown once in the registration response; it is not stored in readable form.

                The XS2A onboarding team""", letter.textBody.strip());
        assertTrue(letter.htmlBody.contains("<strong>software-1</strong> (software software-1) of PSDDE-LET-1"),
                letter.htmlBody);
        assertTrue(letter.htmlBody.contains("<li>https://a.example/cb?x=1&amp;y=&lt;2&gt;</li>"), letter.htmlBody);
        assertTrue(letter.htmlBody.contains("<li>https://b.example/cb</li>"), letter.htmlBody);
    }

    @Test
    void theCertificateLetterSaysNoneForACertificateWithoutRoles() {
        String recipient = Api.email("certificate-letter");
        TppCertificate certificate = certificate("PSDDE-LET-2", "renewed", "0B", "2031-02-03T04:05:06Z", "");
        QuarkusTransaction.requiringNew().run(() ->
                letters.certificateAdded(recipient, "Lee", "Let & Co", certificate, List.of()));

        Letter letter = theLetterTo(recipient);
        assertEquals("A certificate was added to your TPP registration", letter.subject);
        assertTrue(letter.textBody.startsWith("""
                Dear Lee,

                a certificate was added to the registration of Let & Co (PSDDE-LET-2).

                Certificate: renewed
                  serial:    0B
                  issuer:    CN=Test CA
                  valid to:  2031-02-03T04:05:06Z
                  roles:     none

                Scopes granted now: \n"""), letter.textBody);
        assertTrue(letter.htmlBody.contains("<strong>Let &amp; Co</strong> (PSDDE-LET-2)"), letter.htmlBody);
        assertTrue(letter.htmlBody.contains("<tr><th align=\"left\">Roles</th><td>none</td></tr>"), letter.htmlBody);
    }

    /** A certificate as the letters show it, issued by CN=Test CA. */
    private static TppCertificate certificate(String tppId, String name, String serial, String notAfter, String roles) {
        TppCertificate certificate = new TppCertificate();
        certificate.tppId = tppId;
        certificate.name = name;
        certificate.serial = serial;
        certificate.issuer = "CN=Test CA";
        certificate.notAfter = Instant.parse(notAfter);
        certificate.roles = roles;
        return certificate;
    }

    /** The first letter stored for the recipient (each test writes to an address of its own). */
    private static Letter theLetterTo(String recipient) {
        return QuarkusTransaction.requiringNew().call(() -> Letter.<Letter>list("recipient", recipient).get(0));
    }
}
