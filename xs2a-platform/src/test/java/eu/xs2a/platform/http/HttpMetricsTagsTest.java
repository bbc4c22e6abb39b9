package eu.xs2a.platform.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import org.junit.jupiter.api.Test;

class HttpMetricsTagsTest {

    private static Meter.Id request(String method, String uri, String status) {
        return new Meter.Id(HttpMetricsTags.METER, Tags.of("method", method, "uri", uri, "status", status), null, null,
                Meter.Type.TIMER);
    }

    @Test
    void aRawPathOfAnUnmatchedRequestBecomesOneValue() {
        assertEquals("METHOD_NOT_ALLOWED", HttpMetricsTags.bounded(request("PATCH", "/p/api/x/rnd272341", "405")).getTag("uri"));
        assertEquals("NOT_FOUND", HttpMetricsTags.bounded(request("GET", "/nope/api/berlingroup/v1/payments/x", "404")).getTag("uri"));
        Meter.Id made = HttpMetricsTags.bounded(request("FOO", "/p", "405"));
        assertEquals("OTHER", made.getTag("method"));
        assertEquals("405", made.getTag("status"));
        assertEquals("METHOD_NOT_ALLOWED", made.getTag("uri"));
    }

    @Test
    void templatesAndOtherAnswersStay() {
        Meter.Id templated = request("GET", "/{provider_code}/api/berlingroup/v1/accounts/{account_id}", "404");
        assertSame(templated, HttpMetricsTags.bounded(templated));
        Meter.Id plain = request("GET", "/api/berlingroup/v1/tpp", "200");
        assertSame(plain, HttpMetricsTags.bounded(plain));
        Meter.Id other = new Meter.Id("jvm.memory.used", Tags.of("area", "heap"), null, null, Meter.Type.GAUGE);
        assertSame(other, new HttpMetricsTags().boundedHttpServerTags().map(other));
    }
}
