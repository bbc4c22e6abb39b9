package eu.xs2a.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.testsupport.RawHttp;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A target a public Ingress routes as a PSU page (by its part before '#') never reaches the bank API or /q: sent as
 * written ({@link RawHttp}), since an HTTP client would resolve the dot-segments or drop the fragment itself.
 */
@QuarkusTest
class RequestTargetTest {

    @TestHTTPResource("/")
    URI base;

    @ParameterizedTest
    @ValueSource(strings = {"/sca/x#/../../q/health/live", "/sca/x/../../q/health/live", "/sca/%2e%2e/q/health/live"})
    void aFragmentOrADotSegmentIsRefused(String target) throws Exception {
        RawHttp.Response answer = RawHttp.get(base, target, Map.of());
        assertEquals(400, answer.status(), answer.bodyText());
        assertTrue(answer.bodyText().contains("\"code\":\"FORMAT_ERROR\""), answer.bodyText());
    }

    @Test
    void plainTargetsPass() throws Exception {
        RawHttp.Response live = RawHttp.get(base, "/q/health/live", Map.of());
        assertEquals(200, live.status(), live.bodyText());
    }
}
