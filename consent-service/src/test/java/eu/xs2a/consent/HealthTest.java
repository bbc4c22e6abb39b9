package eu.xs2a.consent;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.testsupport.HealthChecks;
import io.quarkus.test.junit.QuarkusTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Health, readiness, OpenAPI, metrics and the applied migrations, checked as in every service. */
@QuarkusTest
class HealthTest extends HealthChecks {

    /** xs2a-platform's HttpMetricsTags: an outsider's made-up paths and methods add no metrics series. */
    @Test
    void unmatchedRequestsAddNoSeriesOfTheirOwn() {
        String path = "/sandbox/api/berlingroup/v1/consents/made-up-" + UUID.randomUUID();
        given().patch(path).then().statusCode(405);
        given().request("FOO", path);
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertFalse(metrics.contains(path), "a raw path became a tag value");
        assertFalse(metrics.contains("method=\"FOO\""), "a made-up method became a tag value");
        assertTrue(metrics.contains("uri=\"METHOD_NOT_ALLOWED\""), "the 405 is counted under one value");
    }
}
