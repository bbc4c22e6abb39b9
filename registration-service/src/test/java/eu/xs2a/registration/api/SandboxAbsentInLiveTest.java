package eu.xs2a.registration.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** In the live environment the sandbox self-service does not exist: 404 with the standard body. */
@QuarkusTest
@TestProfile(SandboxAbsentInLiveTest.Live.class)
class SandboxAbsentInLiveTest {

    public static class Live implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // no sandbox key material in live: a live service with any of it does not start (EnvironmentCheck)
            return Map.of("psd2.environment", "live", "psd2.sandbox.ca-cert", "", "psd2.sandbox.ca-key", "",
                    "psd2.sandbox.directory-key", "");
        }
    }

    @Test
    void theSelfServiceEndpointsAreNotFound() {
        for (String path : List.of(SandboxSelfServiceTest.CERTIFICATES, SandboxSelfServiceTest.STATEMENTS)) {
            given().contentType("application/json")
                    .body(Map.of("organisationName", "x", "organizationIdentifier", "PSDDE-X-1", "roles", List.of("PSP_AI")))
                    .post(path).then()
                    .statusCode(404)
                    .body("tppMessages[0].category", equalTo("ERROR"))
                    .body("error_text", notNullValue());
        }
        // and exactly like a path that never existed
        given().post("/api/sandbox/v1/nothing-here").then().statusCode(404).body("error_text", notNullValue());
    }
}
