package eu.xs2a.security.trust;

import static eu.xs2a.security.trust.TestTrustedList.FOR_E_SEALS;
import static eu.xs2a.security.trust.TestTrustedList.FOR_WEB;
import static eu.xs2a.security.trust.TestTrustedList.GRANTED;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import eu.xs2a.security.app.TestDatabase;
import eu.xs2a.security.quarkus.TrustedListRefresh;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestPkiResource;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Through the running application configured with {@code psd2.trust.lists}: a list of trusted lists and its national
 * list (files, signed at test time) are loaded at start; a seal of the listed seal CA passes, one of the CA listed for
 * websites only gets the standard error body (401 CertificateInvalid), and a refresh with unchanged lists keeps them.
 */
@QuarkusTest
@TestProfile(TrustedListsAppTest.Lists.class)
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = TestDatabase.class, restrictToAnnotatedClass = false)
class TrustedListsAppTest {

    private static final String SHELF = "/sandbox/api/berlingroup/v1/ais-shelf/1";
    /** Written by the profile before the application starts, read by the test (the two may not share a class loader). */
    private static final Path DIR = Path.of("target", "trusted-list-app").toAbsolutePath();

    public static class Lists implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            write();
            return Map.of(
                    "psd2.trust.lists.test.location", DIR.resolve("lotl.xml").toString(),
                    "psd2.trust.lists.test.signing-certificates", DIR.resolve("lotl-signer.pem").toString(),
                    "psd2.trust.cache-dir", DIR.resolve("cache").toString());
        }
    }

    @Inject TrustedListRefresh refresh;

    @Test
    void aSealOfTheListedSealCaPassesAndOneOfAWebsiteCaGetsTheStandardBody() throws Exception {
        TestTpp seal = pki("seal").tppBuilder().roles(Role.PSP_AI).build();
        given().headers(seal.signer().sign("GET", SHELF, Map.of(), new byte[0])).get(SHELF)
                .then().statusCode(200).body("tppId", equalTo(seal.tppId()));

        TestTpp web = pki("web").tppBuilder().roles(Role.PSP_AI).build();
        given().headers(web.signer().sign("GET", SHELF, Map.of(), new byte[0])).get(SHELF)
                .then().statusCode(401)
                .body("error_text", equalTo("CertificateInvalid"))
                .body("error_code", equalTo("CERTIFICATE_INVALID"))
                .body("tppMessages[0].code", equalTo("CERTIFICATE_INVALID"))
                .body("error_message", containsString("not for electronic seals"));

        // the lists did not change: nothing is replaced, the seal still passes
        org.junit.jupiter.api.Assertions.assertFalse(refresh.refresh());
        given().headers(seal.signer().sign("GET", SHELF, Map.of(), new byte[0])).get(SHELF)
                .then().statusCode(200);
    }

    /** A CA of the list, from the files the profile wrote. */
    private static TestPki pki(String name) throws IOException, GeneralSecurityException {
        X509Certificate certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(Files.readAllBytes(DIR.resolve(name + "-ca.pem"))));
        PrivateKey key = KeyFactory.getInstance("RSA").generatePrivate(
                new PKCS8EncodedKeySpec(Files.readAllBytes(DIR.resolve(name + "-ca.key"))));
        return TestPki.of(certificate, key);
    }

    /** A seal CA and a website CA on a national list, a LOTL naming it, and the LOTL's signer, as files. */
    private static synchronized void write() {
        if (Files.exists(DIR.resolve("lotl.xml"))) {
            return;
        }
        try {
            Files.createDirectories(DIR);
            TestTrustedList.Signer lotlSigner = TestTrustedList.Signer.create("App LOTL signer");
            TestTrustedList.Signer tlSigner = TestTrustedList.Signer.create("App TL signer");
            TestTrustedList.Signer sealCa = caFile("seal");
            TestTrustedList.Signer webCa = caFile("web");
            Instant since = Instant.now().minus(Duration.ofDays(365));
            Path tl = DIR.resolve("tl.xml");
            Files.write(tl, TestTrustedList.sign(TestTrustedList.nationalList(1, List.of(
                    new TestTrustedList.Service("App Seal CA", sealCa.certificate(),
                            List.of(new TestTrustedList.Status(since, GRANTED, List.of(FOR_E_SEALS)))),
                    new TestTrustedList.Service("App Website CA", webCa.certificate(),
                            List.of(new TestTrustedList.Status(since, GRANTED, List.of(FOR_WEB)))))), tlSigner));
            Files.writeString(DIR.resolve("lotl-signer.pem"), pem(lotlSigner.certificate()));
            Path lotl = DIR.resolve("lotl.xml.part");
            Files.write(lotl, TestTrustedList.sign(TestTrustedList.listOfLists(1, tl.toUri().toString(),
                    tlSigner.certificate()), lotlSigner));
            Files.move(lotl, DIR.resolve("lotl.xml"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static TestTrustedList.Signer caFile(String name) throws IOException {
        TestPki pki = TestPki.createWithSubject("CN=App " + name + " CA,O=App QTSP,C=DE");
        TestTrustedList.Signer ca = new TestTrustedList.Signer(null, pki.caCertificate());
        Files.writeString(DIR.resolve(name + "-ca.pem"), pem(pki.caCertificate()));
        Files.write(DIR.resolve(name + "-ca.key"), pki.caKey().getEncoded());
        return ca;
    }

    private static String pem(X509Certificate certificate) {
        try {
            return "-----BEGIN CERTIFICATE-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                    .encodeToString(certificate.getEncoded()) + "\n-----END CERTIFICATE-----\n";
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new IllegalStateException(e);
        }
    }
}
