package eu.xs2a.security.app;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.BlockedTppsFileResource;
import eu.xs2a.testsupport.BlockedTppsTestBase;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestPkiResource;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A TPP the bank lists in psd2.blocked-tpps-file is refused, with every certificate it holds, after the next check of
 * the file, and served again once it is taken off; the file the test app starts with blocks nobody.
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = TestDatabase.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = BlockedTppsFileResource.class, restrictToAnnotatedClass = false)
class BlockedTppTest extends BlockedTppsTestBase {

    private static final String SHELF = "/sandbox/api/berlingroup/v1/ais-shelf/1";
    private static final String REGISTRATION_SHELF = "/api/berlingroup/v1/registration-shelf/1";

    @Test
    void aListedTppIsRefusedWithEveryCertificateAndServedAgainWhenTakenOff() {
        TestPki pki = TestPki.shared();
        TestTpp tpp = pki.tpp("PSDDE-BAFIN-600001", "Soon Blocked AISP", Role.PSP_AI);
        TestTpp renewed = pki.tpp("PSDDE-BAFIN-600001", "Soon Blocked AISP", Role.PSP_AI);
        TestTpp other = pki.tpp("PSDDE-BAFIN-600002", "Other AISP", Role.PSP_AI);
        get(tpp, SHELF, UUID.randomUUID().toString()).statusCode(200);

        assertTrue(putInForce("# withdrawn by BaFin, ticket 4711\nPSDDE-BAFIN-600001   # blocked 2026-11-24\r\n\n"));
        assertFalse(reload().reloadIfChanged(), "the same content is not a change");

        String requestId = UUID.randomUUID().toString();
        get(tpp, SHELF, requestId).statusCode(403)
                .header("X-Request-ID", requestId)
                .body("error_text", equalTo("AccessDenied"))
                .body("error_code", equalTo("SERVICE_BLOCKED"))
                .body("tppMessages[0].code", equalTo("SERVICE_BLOCKED"))
                .body("error_message", containsString("PSDDE-BAFIN-600001"));
        get(renewed, SHELF, UUID.randomUUID().toString()).statusCode(403).body("error_code", equalTo("SERVICE_BLOCKED"));
        get(tpp, REGISTRATION_SHELF, UUID.randomUUID().toString()).statusCode(401)
                .body("error_text", equalTo("AccessDenied"));
        get(other, SHELF, UUID.randomUUID().toString()).statusCode(200).body("tppId", equalTo("PSDDE-BAFIN-600002"));

        assertTrue(putInForce(""));
        // the refused request claimed nothing: the TPP may send it again, unchanged, once unblocked
        get(tpp, SHELF, requestId).statusCode(200).body("tppId", equalTo("PSDDE-BAFIN-600001"));
    }

    @Test
    void aMalformedFileKeepsTheTppsBlockedBefore() throws Exception {
        TestTpp tpp = TestPki.shared().tpp("PSDDE-BAFIN-600003", "Blocked AISP", Role.PSP_AI);
        assertTrue(putInForce("PSDDE-BAFIN-600003\n"));

        assertFalse(putInForce("PSDDE-BAFIN-600003 PSDDE-BAFIN-600004\n"),
                "two identifiers on one line are refused");
        get(tpp, SHELF, UUID.randomUUID().toString()).statusCode(403).body("error_code", equalTo("SERVICE_BLOCKED"));

        Files.delete(BlockedTppsFileResource.FILE);
        assertFalse(reload().reloadIfChanged(), "a missing file is not an empty list");
        get(tpp, SHELF, UUID.randomUUID().toString()).statusCode(403);
    }

    @Test
    void anUnsignedRequestDoesNotLearnWhoIsBlocked() {
        TestTpp tpp = TestPki.shared().tpp("PSDDE-BAFIN-600005", "Blocked AISP", Role.PSP_AI);
        assertTrue(putInForce("PSDDE-BAFIN-600005\n"));
        Map<String, String> headers = new HashMap<>(tpp.signer().sign("GET", SHELF, Map.of(), new byte[0]));
        headers.put("X-Request-ID", UUID.randomUUID().toString()); // no longer the signed one
        given().headers(headers).get(SHELF).then().statusCode(401).body("error_text", equalTo("SignatureInvalid"));
    }

    private static ValidatableResponse get(TestTpp tpp, String path, String requestId) {
        return given().headers(tpp.signer().sign("GET", path, Map.of(), new byte[0], requestId))
                .get(path).then();
    }
}
