package eu.xs2a.registration.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.registration.domain.Letter;
import eu.xs2a.registration.domain.Letters;
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

/** The letters' templates: the TPP's own words are escaped in the HTML part and kept as they are in the text part. */
@QuarkusTest
class LettersTest {

    @Inject
    Letters letters;

    @Test
    void htmlIsEscapedAndTheTextPartIsPlain() {
        String recipient = Api.email("escape");
        Tpp tpp = Tpp.register("PSDDE-ESC-" + UUID.randomUUID().toString().substring(0, 6),
                new TppRegistration("<script>alert(1)</script> & Co", "o@x.example", null, null, null, null,
                        "Ann <b>", recipient, "c", "qseal"), Instant.now());
        TppCertificate certificate = new TppCertificate();
        certificate.tppId = tpp.id;
        certificate.name = "c";
        certificate.serial = "0A";
        certificate.issuer = "CN=Test CA";
        certificate.notAfter = Instant.parse("2030-01-01T00:00:00Z");
        certificate.roles = "PSP_AI";
        QuarkusTransaction.requiringNew().run(() -> letters.tppRegistered(tpp, certificate, List.of("accounts")));

        Letter letter = QuarkusTransaction.requiringNew().call(() -> Letter.<Letter>list("recipient", recipient).get(0));
        assertEquals(Letter.Status.PENDING, letter.status);
        assertTrue(letter.htmlBody.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co"), letter.htmlBody);
        assertFalse(letter.htmlBody.contains("<script>"), letter.htmlBody);
        assertTrue(letter.htmlBody.contains("Dear Ann &lt;b&gt;"), letter.htmlBody);
        assertTrue(letter.textBody.contains("Dear Ann <b>,"), letter.textBody);
        assertTrue(letter.textBody.contains("roles:     PSP_AI"), letter.textBody);
        assertTrue(letter.textBody.contains("Scopes granted: accounts"), letter.textBody);
    }
}
