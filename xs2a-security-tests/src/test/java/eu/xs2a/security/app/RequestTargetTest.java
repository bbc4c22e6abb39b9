package eu.xs2a.security.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.testsupport.RawHttp;
import eu.xs2a.testsupport.TestPkiResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RequestTargetGuard, with targets sent as written ({@link RawHttp}: an HTTP client would resolve the dot-segments or
 * drop the fragment before sending): a target that an ingress could route by its first part never reaches another
 * route (each target below would reach /public/hello once resolved).
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = TestDatabase.class, restrictToAnnotatedClass = false)
class RequestTargetTest {

    private static final String REQUEST_ID = "8a4d2c35-1f0e-4b53-9d6c-2f1b7e6a9c11";

    @TestHTTPResource("/")
    URI base;

    private RawHttp.Response send(String target) {
        return RawHttp.get(base, target, Map.of("X-Request-ID", REQUEST_ID));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/unrouted#/../public/hello", "/unrouted/../public/hello",
        "/unrouted/%2e%2e/public/hello", "/public/hello#fragment"})
    void aTargetWithAFragmentOrADotSegmentIsAFormatErrorInTheStandardBody(String target) throws Exception {
        RawHttp.Response answer = send(target);
        assertEquals(400, answer.status(), answer.bodyText());
        assertTrue(answer.bodyText().contains("\"error_text\":\"FormatError\""), answer.bodyText());
        assertTrue(answer.bodyText().contains("dot-segment"), answer.bodyText());
        assertEquals(REQUEST_ID, answer.header("X-Request-ID"));
    }

    @Test
    void plainTargetsPass() throws Exception {
        assertEquals(200, send("/public/hello").status());
        assertEquals(200, send("/public/hello?next=/../q").status());
    }
}
