package eu.xs2a.security.app;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.RevocationServer;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestPkiResource;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Through the running application: a seal its QTSP's OCSP responder calls revoked is refused with the standard body
 * (401 CertificateInvalid, code CERTIFICATE_REVOKE), although the app's CRL file of the same CA does not list it.
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = TestDatabase.class, restrictToAnnotatedClass = false)
class RevokedSealTest {

    private static final String SHELF = "/sandbox/api/berlingroup/v1/ais-shelf/1";

    @Test
    void aSealRevokedByItsResponderIsRefusedWithTheStandardBody() {
        try (RevocationServer qtsp = RevocationServer.start(TestPki.shared())) {
            TestTpp good = TestPki.shared().tppBuilder().ocsp(qtsp.ocspUrl()).roles(Role.PSP_AI).build();
            TestTpp revoked = TestPki.shared().tppBuilder().ocsp(qtsp.ocspUrl()).roles(Role.PSP_AI).build();
            qtsp.revoke(revoked.certificate());

            given().headers(good.signer().sign("GET", SHELF, Map.of(), new byte[0])).get(SHELF)
                    .then().statusCode(200).body("tppId", equalTo(good.tppId()));
            given().headers(revoked.signer().sign("GET", SHELF, Map.of(), new byte[0])).get(SHELF)
                    .then().statusCode(401)
                    .body("error_text", equalTo("CertificateInvalid"))
                    .body("error_code", equalTo("CERTIFICATE_REVOKE"))
                    .body("tppMessages[0].code", equalTo("CERTIFICATE_REVOKE"))
                    .body("error_message", containsString("OCSP " + qtsp.ocspUrl()));
        }
    }
}
