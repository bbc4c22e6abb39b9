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
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A live service without a CRL file of its CA: a seal whose revocation sources cannot be reached is refused with the
 * standard body; one whose responder answers good is served.
 */
@QuarkusTest
@TestProfile(RevocationLiveTest.LiveWithoutCrlFiles.class)
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = TestDatabase.class, restrictToAnnotatedClass = false)
class RevocationLiveTest {

    private static final String SHELF = "/sandbox/api/berlingroup/v1/ais-shelf/1";

    public static class LiveWithoutCrlFiles implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("psd2.environment", "live", "psd2.crl-files", "");
        }
    }

    @Test
    void aSealWhoseStatusCannotBeEstablishedIsRefusedInLive() {
        try (RevocationServer qtsp = RevocationServer.start(TestPki.shared())) {
            TestTpp unreachable = TestPki.shared().tppBuilder().revocationFrom(qtsp).roles(Role.PSP_AI).build();
            TestTpp answered = TestPki.shared().tppBuilder().revocationFrom(qtsp).roles(Role.PSP_AI).build();

            qtsp.down(true);
            given().headers(unreachable.signer().sign("GET", SHELF, Map.of(), new byte[0])).get(SHELF)
                    .then().statusCode(401)
                    .body("error_text", equalTo("CertificateInvalid"))
                    .body("tppMessages[0].code", equalTo("CERTIFICATE_INVALID"))
                    .body("error_message", containsString("could not be established"))
                    .body("error_message", containsString("HTTP 503"));

            qtsp.down(false);
            given().headers(answered.signer().sign("GET", SHELF, Map.of(), new byte[0])).get(SHELF)
                    .then().statusCode(200).body("tppId", equalTo(answered.tppId()));
        }
    }
}
