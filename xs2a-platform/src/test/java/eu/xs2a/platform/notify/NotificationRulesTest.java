package eu.xs2a.platform.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.junit.jupiter.api.Test;

/** The rules of TPP-Notification-URI (host of the TPP's QSEAL, https in live) and TPP-Notification-Content-Preferred. */
class NotificationRulesTest {

    /** A QSEAL naming {@code dnsNames} in its subjectAltName (none: no extension). */
    private static X509Certificate qseal(String... dnsNames) throws Exception {
        return qsealOf("CN=Test TPP,O=Test TPP GmbH,C=DE", dnsNames);
    }

    private static X509Certificate qsealOf(String subject, String... dnsNames) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(256);
        KeyPair pair = generator.generateKeyPair();
        X500Name name = new X500Name(subject);
        Instant now = Instant.now();
        JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, BigInteger.ONE,
                Date.from(now.minus(Duration.ofMinutes(5))), Date.from(now.plus(Duration.ofDays(1))), name,
                pair.getPublic());
        if (dnsNames.length > 0) {
            GeneralName[] names = new GeneralName[dnsNames.length];
            for (int i = 0; i < dnsNames.length; i++) {
                names[i] = new GeneralName(GeneralName.dNSName, dnsNames[i]);
            }
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names));
        }
        return new JcaX509CertificateConverter().getCertificate(builder.build(
                new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));
    }

    @Test
    void theHostMustBeOneOfTheQsealsDomains() throws Exception {
        X509Certificate seal = qseal("tpp.example", "*.wild.example");
        for (boolean sandbox : new boolean[] {true, false}) {
            assertNull(NotificationUris.fault("https://tpp.example/notify", seal, sandbox));
            assertNull(NotificationUris.fault("https://api.tpp.example/notify?x=1", seal, sandbox), "a subdomain");
            assertNull(NotificationUris.fault("https://hooks.wild.example/n", seal, sandbox), "a wildcard's");
            assertNotNull(NotificationUris.fault("https://tpp.example.evil.example/n", seal, sandbox));
            assertNotNull(NotificationUris.fault("https://nottpp.example/n", seal, sandbox));
            assertNotNull(NotificationUris.fault("https://tpp.elsewhere.example/n", qseal(), sandbox),
                    "a QSEAL without domains names no host");
        }
    }

    @Test
    void aCnThatIsAHostNameCountsAsADomain() throws Exception {
        X509Certificate seal = qsealOf("CN=example-tpp.com,O=Example TPP,C=DE");
        assertNull(NotificationUris.fault("https://www.example-tpp.com/xs2a-client/v1/notifications", seal, false));
        assertNull(NotificationUris.fault("https://notifications.example-tpp.com/n", seal, false));
        assertNotNull(NotificationUris.fault("https://example-tpp.org/n", seal, false));
    }

    @Test
    void httpAndLocalhostOnlyInTheSandbox() throws Exception {
        X509Certificate seal = qseal("tpp.example");
        assertNull(NotificationUris.fault("http://localhost:8443/n", seal, true));
        assertNull(NotificationUris.fault("https://localhost/n", seal, true));
        assertNotNull(NotificationUris.fault("http://localhost:8443/n", seal, false), "http in live");
        assertNotNull(NotificationUris.fault("https://localhost/n", seal, false), "localhost is no TPP's in live");
        assertNotNull(NotificationUris.fault("http://tpp.example/n", seal, false), "http in live");
        assertNotNull(NotificationUris.fault("http://tpp.example/n", seal, true), "http only for localhost");
        assertNotNull(NotificationUris.fault("https://tpp.example/n#f", seal, false));
        assertNotNull(NotificationUris.fault("https://user@tpp.example/n", seal, false));
        assertNotNull(NotificationUris.fault("https://tpp.example/" + "x".repeat(500), seal, false));
        assertNotNull(NotificationUris.fault("not a uri", seal, true));
    }

    @Test
    void contentPreferredIsParsedAsBerlinGroupSpellsIt() {
        assertEquals("status=SCA,PROCESS", NotificationContent.parse(null).header(), "the default");
        assertEquals("status=SCA,LAST", NotificationContent.parse("status=LAST, SCA").header());
        assertEquals("status=PROCESS", NotificationContent.parse("Status=process").header());
        NotificationContent last = NotificationContent.parse("status=LAST");
        assertFalse(last.wants(true, false));
        assertFalse(last.wants(false, false));
        assertTrue(last.wants(false, true));
        NotificationContent sca = NotificationContent.parse("status=SCA");
        assertTrue(sca.wants(true, false));
        assertFalse(sca.wants(false, true));
        for (String bad : new String[] {"", "SCA", "status=", "status=SCA,SCA", "status=SCA,,LAST", "status=ALL",
                "status=SCA;PROCESS", "status=" + "SCA,".repeat(20)}) {
            Psd2Exception e = assertThrows(Psd2Exception.class, () -> NotificationContent.parse(bad), bad);
            assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass());
        }
    }
}
