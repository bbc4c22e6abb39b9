package eu.xs2a.security.app;

import static eu.xs2a.security.app.SignatureDebuggerTest.assertNoDebugger;
import static eu.xs2a.security.app.SignatureDebuggerTest.bodyChangedAfterSigning;
import static eu.xs2a.security.app.SignatureDebuggerTest.headerChangedAfterSigning;
import static eu.xs2a.security.app.SignatureDebuggerTest.signatureInvalid;
import static eu.xs2a.security.app.SignatureDebuggerTest.signedGet;
import static eu.xs2a.security.app.SignatureDebuggerTest.signedPost;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestPkiResource;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** In the live environment the signature debugger does not exist: the same bad requests get the plain refusal. */
@QuarkusTest
@TestProfile(SignatureDebuggerLiveTest.Live.class)
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = TestDatabase.class, restrictToAnnotatedClass = false)
class SignatureDebuggerLiveTest {

    public static class Live implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("psd2.environment", "live");
        }
    }

    @BeforeAll
    static void restAssured() {
        SignatureDebuggerTest.tpp();
    }

    @Test
    void signatureAndDigestMismatchesAreRefusedWithoutTheDebugger() {
        TestTpp tpp = TestPki.shared().tpp("PSDDE-BAFIN-700003", "Live AISP", Role.PSP_AI);
        // the live gateway takes this TPP's QSEAL: a correct request passes, so the refusals below are the mismatches
        given().headers(tpp.signer().sign("GET", SignatureDebuggerTest.THING, Map.of(),
                new byte[0])).get(SignatureDebuggerTest.THING).then().statusCode(200).body("tppId",
                equalTo("PSDDE-BAFIN-700003"));

        Response header = headerChangedAfterSigning(signedGet(tpp));
        signatureInvalid(header);
        assertNoDebugger(header);

        Response body = bodyChangedAfterSigning(signedPost(tpp.signer()));
        assertEquals("Digest does not match the hash of the request body",
                signatureInvalid(body).getString("error_message"));
        assertNoDebugger(body);
    }
}
