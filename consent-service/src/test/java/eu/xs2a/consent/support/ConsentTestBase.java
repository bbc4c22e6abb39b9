package eu.xs2a.consent.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.testsupport.TestPkiResource;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.common.QuarkusTestResource;
import io.restassured.response.Response;
import java.util.Map;

/**
 * Common ground of the module's @QuarkusTest classes: the shared test CA, the service-token keys and the real
 * sandbox bank (one set of resources, so Quarkus starts once for all classes).
 */
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = ServiceTokenKeys.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = SandboxBank.class, restrictToAnnotatedClass = false)
public abstract class ConsentTestBase {

    /** Creates an AIS consent for psu1's main account and returns the 201 answer. */
    protected static Response createAis(TestTpp tpp, String body) {
        Response response = Signed.post(tpp, Signed.AIS, Signed.redirectHeaders(), body);
        assertEquals(201, response.statusCode(), response.asString());
        return response;
    }

    protected static Response createAis(TestTpp tpp) {
        return createAis(tpp, Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
    }

    /** The scaRedirect link of a new AIS consent that the TPP then deleted (terminatedByTpp), before any SCA. */
    protected static String linkOfADeletedConsent() {
        Response created = createAis(Tpps.ALPHA);
        assertEquals(204, Signed.delete(Tpps.ALPHA, Signed.AIS + "/" + created.jsonPath().getString("consentId"))
                .statusCode());
        return created.jsonPath().getString("_links.scaRedirect.href");
    }

    /** Asserts the standard error body with the given class, status and Berlin Group code. */
    protected static void assertError(Response response, int status, String errorText, String code) {
        assertEquals(status, response.statusCode(), response.asString());
        Map<String, Object> body = response.jsonPath().getMap("");
        assertEquals(errorText, body.get("error_text"), response.asString());
        assertEquals(code, body.get("error_code"), response.asString());
        assertEquals(code, response.jsonPath().getString("tppMessages[0].code"));
        assertEquals("ERROR", response.jsonPath().getString("tppMessages[0].category"));
    }
}
