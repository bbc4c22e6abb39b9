package eu.xs2a.security.app;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.security.quarkus.CrlReload;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestPkiResource;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The running application puts a changed CRL file in force on its next check, and lifts a revocation the same way.
 * Rewrites the shared test CA's CRL file (psd2.crl-files of the test app) and puts the original back at the end.
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = TestDatabase.class, restrictToAnnotatedClass = false)
class CrlReloadTest {

    private static final String SHELF = "/sandbox/api/berlingroup/v1/ais-shelf/1";

    @Inject CrlReload reload;

    @Test
    void aCertificateRevokedInTheFileIsRefusedAfterTheNextCheck() throws Exception {
        TestPki pki = TestPki.shared();
        TestTpp tpp = pki.tpp("PSDDE-BAFIN-500777", "Soon Revoked AISP", Role.PSP_AI);
        Path file = pki.crlFile();
        byte[] original = Files.readAllBytes(file);
        get(tpp).statusCode(200).body("tppId", equalTo("PSDDE-BAFIN-500777"));
        assertFalse(reload.reloadIfChanged(), "nothing changed yet");
        try {
            Files.write(file, pki.crl(pki.revokedTpp().certificate(), tpp.certificate()).getEncoded());
            assertTrue(reload.reloadIfChanged());
            get(tpp).statusCode(401)
                    .body("error_text", equalTo("CertificateInvalid"))
                    .body("error_message", containsString("revoked"));
        } finally {
            Files.write(file, original);
            assertTrue(reload.reloadIfChanged());
        }
        get(tpp).statusCode(200);
        get(pki.revokedTpp()).statusCode(401).body("error_text", equalTo("CertificateInvalid"));
    }

    @Test
    void aBrokenFileLeavesTheListsInForce() throws Exception {
        TestPki pki = TestPki.shared();
        Path file = pki.crlFile();
        byte[] original = Files.readAllBytes(file);
        get(pki.revokedTpp()).statusCode(401).body("error_message", containsString("revoked"));
        try {
            Files.writeString(file, "not a CRL");
            assertFalse(reload.reloadIfChanged());
            get(pki.revokedTpp()).statusCode(401).body("error_message", containsString("revoked"));
        } finally {
            Files.write(file, original);
            assertFalse(reload.reloadIfChanged(), "the same content as the lists in force");
        }
    }

    private static ValidatableResponse get(TestTpp tpp) {
        return given().headers(tpp.signer().sign("GET", SHELF, Map.of(), new byte[0])).get(SHELF).then();
    }
}
