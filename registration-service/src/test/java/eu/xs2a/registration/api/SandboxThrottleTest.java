package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.Api.assertError;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import eu.xs2a.registration.support.Api;
import eu.xs2a.registration.support.SettableClock;
import eu.xs2a.security.client.Pem;
import eu.xs2a.testsupport.TestKeys;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The key generation throttle of the sandbox self-service over HTTP, with tiny buckets (2 per client, 3 for the
 * instance, each regaining one a minute) and a clock that moves only when the test moves it.
 */
@QuarkusTest
@TestProfile(SandboxThrottleTest.TinyBuckets.class)
class SandboxThrottleTest {

    public static class TinyBuckets implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "psd2.sandbox.key-generation.per-client-burst", "2",
                    "psd2.sandbox.key-generation.per-client-refill", "1M",
                    "psd2.sandbox.key-generation.global-burst", "3",
                    "psd2.sandbox.key-generation.global-refill", "1M");
        }

        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(SettableClock.class);
        }
    }

    private static final String A = "198.51.100.1";
    private static final String B = "198.51.100.2";
    private static final String C = "2001:db8::3";

    @BeforeEach
    void fullBuckets() {
        SettableClock.advance(Duration.ofDays(1)); // every bucket has filled up again since the last test
    }

    /** A valid certificate request from the client at {@code forwardedFor}'s last address (as the ingress appends it). */
    private static Response issue(String forwardedFor) {
        return given().contentType("application/json").header("X-Forwarded-For", forwardedFor)
                .body(Map.of("organisationName", "Throttled Dev", "roles", List.of("PSP_AI"))) // a new organisation
                .post(SandboxSelfServiceTest.CERTIFICATES);
    }

    private static void assertThrottled(Response response, String why) {
        assertError(response, 429, "AccessExceeded", why)
                .body("tppMessages[0].code", equalTo("ACCESS_EXCEEDED"))
                .header("Retry-After", equalTo("60"));
    }

    @Test
    void aClientBeyondItsBurstIsRefusedUntilItsBucketRefills() {
        issue(A).then().statusCode(200);
        issue(A).then().statusCode(200);
        assertThrottled(issue(A), "this client");
        // what the client itself put before the ingress's entry does not make it another client
        assertThrottled(issue("203.0.113.50, " + A), "this client");
        issue(B).then().statusCode(200); // another client has its own bucket

        SettableClock.advance(Duration.ofSeconds(59));
        assertError(issue(A), 429, "AccessExceeded", "this client").header("Retry-After", equalTo("1"));
        SettableClock.advance(Duration.ofSeconds(1));
        issue(A).then().statusCode(200);
        assertThrottled(issue(A), "this client");
    }

    @Test
    void allClientsTogetherAreHeldByTheInstanceBucket() {
        issue(A).then().statusCode(200);
        issue(A).then().statusCode(200);
        issue(B).then().statusCode(200);
        assertThrottled(issue(C), "many key pairs");

        // a request the checks refuse is answered as before and costs nothing
        assertError(given().contentType("application/json").header("X-Forwarded-For", C)
                .body(Map.of("organisationName", "x", "organizationIdentifier", "my-org", "roles", List.of("PSP_AI")))
                .post(SandboxSelfServiceTest.CERTIFICATES), 400, "FormatError", "organizationIdentifier");

        SettableClock.advance(Duration.ofMinutes(1));
        issue(C).then().statusCode(200);
        assertThrottled(issue(B), "many key pairs");
        SettableClock.advance(Duration.ofMinutes(1));
        issue(B).then().statusCode(200);
    }

    /** Certifying the key of a TPP's certificate request makes no key pair, so the buckets do not hold it. */
    @Test
    void certificatesForTheTppsOwnKeyAreNotThrottled() {
        issue(A).then().statusCode(200);
        issue(A).then().statusCode(200);
        assertThrottled(issue(A), "this client");
        KeyPair keys = TestKeys.ec();
        for (int i = 0; i < 3; i++) {
            given().contentType("application/json").header("X-Forwarded-For", A)
                    .body(Map.of("organisationName", "Throttled Dev", "roles", List.of("PSP_AI"),
                            "csr", Pem.certificationRequest(keys, "Throttled Dev")))
                    .post(SandboxSelfServiceTest.CERTIFICATES).then().statusCode(200);
        }
        assertThrottled(issue(A), "this client");
    }

    @Test
    void theSoftwareStatementsAreNotThrottled() {
        for (int i = 0; i < 5; i++) {
            given().contentType("application/json").header("X-Forwarded-For", A).body(Map.of(
                            "software_client_name", "App", "org_id", Api.orgId(),
                            "software_redirect_uris", List.of("https://dev.example/cb"), "software_roles", List.of("AISP")))
                    .post(SandboxSelfServiceTest.STATEMENTS).then().statusCode(200);
        }
    }
}
